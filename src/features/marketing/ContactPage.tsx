import './marketing.css';

import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

import { Icon } from '@/components/Icon';
import { SocialLinks } from '@/components/SocialLinks';
import { usePageMeta } from '@/hooks/usePageMeta';
import { CONTACT_EMAIL, WHATSAPP } from '@/lib/site';

import { ContactForm } from './ContactForm';

export default function ContactPage() {
  usePageMeta(
    'Contact',
    'Questions about an order, a gift idea or a partnership? Email, WhatsApp or message the Giftwise team. We reply within 24 hours on business days.',
  );

  return (
    <section className="mk-hero" aria-labelledby="contact-title">
      <Container className="py-5">
        <div className="mk-intro mb-5">
          <p className="mk-eyebrow mb-3">Contact</p>
          <h1 id="contact-title" className="mk-display mb-4">
            We would love to hear from you
          </h1>
          <p className="lead text-body-secondary mb-0">
            A question about an order, a gift you would like us to find, or simply a hello: write to us and a real
            person on our team will answer.
          </p>
        </div>

        <Row className="g-4 g-lg-5">
          <Col lg={5}>
            <div className="mk-card mk-card-auto">
              <h2 className="h5 mb-3">Reach us directly</h2>
              <ul className="list-unstyled mb-0">
                <li className="mk-contact-item d-flex gap-3 py-3">
                  <span className="mk-icon-badge">
                    <Icon name="mail" />
                  </span>
                  <div>
                    <p className="fw-semibold mb-0">Email</p>
                    <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
                  </div>
                </li>
                <li className="mk-contact-item d-flex gap-3 py-3">
                  <span className="mk-icon-badge">
                    <Icon name="chat" />
                  </span>
                  <div>
                    <p className="fw-semibold mb-0">WhatsApp</p>
                    <a href={WHATSAPP.href} target="_blank" rel="noopener noreferrer">
                      {WHATSAPP.display}
                      <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
                    </a>
                  </div>
                </li>
                <li className="mk-contact-item d-flex gap-3 py-3">
                  <span className="mk-icon-badge">
                    <Icon name="clock" />
                  </span>
                  <div>
                    <p className="fw-semibold mb-0">When we reply</p>
                    <p className="text-body-secondary mb-0">We reply within 24 hours on business days.</p>
                  </div>
                </li>
                <li className="mk-contact-item pt-3">
                  <p className="fw-semibold mb-2">Follow us</p>
                  <SocialLinks />
                </li>
              </ul>
            </div>
          </Col>
          <Col lg={7}>
            <div className="mk-card">
              <h2 id="contact-form-title" className="h5 mb-1">
                Send us a message
              </h2>
              <p className="small text-body-secondary mb-4">All fields are required.</p>
              <ContactForm />
            </div>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
