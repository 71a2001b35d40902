import './marketing.css';

import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';

import { GetStartedButton } from '@/components/GetStartedButton';
import { Icon, type IconName } from '@/components/Icon';
import { usePageMeta } from '@/hooks/usePageMeta';

import { HeroArt } from './HeroArt';

const STEPS = [
  {
    title: 'Add your loved ones',
    text: 'Names, relationships, interests and the dates that matter: birthdays, anniversaries, Christmas. It takes a minute per person.',
  },
  {
    title: 'We plan ahead',
    text: 'We keep an eye on every date and choose a gift that suits their interests and your budget, well before the day.',
  },
  {
    title: 'The gift arrives on time',
    text: 'Beautifully wrapped and delivered to their door, or a timely reminder if you would rather pick something yourself.',
  },
];

const BENEFITS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'Unlimited loved ones',
    text: 'Family, friends, colleagues, clients. Add everyone who matters: there is no limit on people or occasions.',
  },
  {
    icon: 'tag',
    title: 'Free to start',
    text: 'Creating an account and planning your gifting calendar costs nothing. You only pay for the gifts you order.',
  },
  {
    icon: 'shield',
    title: 'Stored securely and privately',
    text: 'Your data is stored securely and privately. We never sell or share the names, dates and addresses you trust us with.',
  },
  {
    icon: 'clock',
    title: 'Always ahead of time',
    text: 'Every order is planned around its date, so nothing arrives late and nothing is left to the last minute.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'I used to panic-buy at the airport on my way home. This year my sister got a hand-picked ceramics set on her birthday, wrapped beautifully, and she still thinks I spent weeks choosing it.',
    name: 'Priya S.',
    role: 'Product manager, Chicago',
  },
  {
    quote:
      'Between night shifts and two kids, our anniversary always sneaked up on me. Giftwise had it covered a week early and the flowers arrived right on time. My wife cried. The good kind.',
    name: 'Daniel M.',
    role: 'ER nurse, Denver',
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .replace(/[^A-Z]/gi, '');

export default function HomePage() {
  usePageMeta(
    'Thoughtful gifts, delivered on time',
    'Giftwise remembers the birthdays, anniversaries and holidays of everyone you love, then curates, wraps and delivers the perfect gift on time. Free to start.',
  );

  return (
    <>
      {/* The extra space on wide screens is the section's padding: a margin on the container would
          collapse through the section and leave a strip without the hero background under the header.
          Wide horizontal gutters only once the columns sit side by side: on a phone a 3rem gutter is
          wider than the container's padding, and the row would overflow the screen. */}
      <section className="mk-hero py-lg-4" aria-labelledby="home-title">
        <Container className="py-5">
          <Row className="align-items-center gy-5 gx-lg-5">
            <Col lg={6}>
              <p className="mk-eyebrow mb-3">Thoughtful gifting, handled</p>
              <h1 id="home-title" className="mk-display mb-4">
                Never miss a moment that matters
              </h1>
              <p className="lead text-body-secondary mb-4">
                Tell us about the people you love and the days that mean the most. We remember every birthday,
                anniversary and Christmas, then curate, wrap and deliver a gift they will love.
              </p>
              <div className="d-flex flex-wrap gap-3">
                <GetStartedButton />
                <Link to="/how-it-works" className="btn btn-outline-primary btn-lg">
                  See How It Works
                </Link>
              </div>
              <p className="small text-body-secondary mt-3 mb-0">Free to start. Add as many loved ones as you like.</p>
            </Col>
            <Col lg={6} className="text-center">
              <HeroArt />
            </Col>
          </Row>
        </Container>
      </section>

      <section className="mk-section" aria-labelledby="steps-title">
        <Container>
          <div className="mk-intro text-center mx-auto mb-5">
            <p className="mk-eyebrow mb-2">How it works</p>
            <h2 id="steps-title" className="mk-section-title">
              Thoughtful gifting in three simple steps
            </h2>
          </div>
          <Row as="ol" className="list-unstyled g-4 mb-0">
            {STEPS.map((step, i) => (
              <Col as="li" md={4} key={step.title}>
                <div className="mk-card">
                  <span className="mk-step-number mb-3" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className="h5">{step.title}</h3>
                  <p className="text-body-secondary mb-0">{step.text}</p>
                </div>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="mk-section mk-section-tint" aria-labelledby="benefits-title">
        <Container>
          <div className="mk-intro text-center mx-auto mb-5">
            <p className="mk-eyebrow mb-2">Why Giftwise</p>
            <h2 id="benefits-title" className="mk-section-title">
              Made for busy people who care
            </h2>
          </div>
          <Row className="g-4">
            {BENEFITS.map((b) => (
              <Col sm={6} lg={3} key={b.title}>
                <div className="mk-card">
                  <span className="mk-icon-badge mb-3">
                    <Icon name={b.icon} />
                  </span>
                  <h3 className="h5">{b.title}</h3>
                  <p className="text-body-secondary mb-0">{b.text}</p>
                </div>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="mk-section" aria-labelledby="testimonials-title">
        <Container>
          <div className="mk-intro text-center mx-auto mb-5">
            <p className="mk-eyebrow mb-2">Kind words</p>
            <h2 id="testimonials-title" className="mk-section-title">
              Loved by the people who use it
            </h2>
          </div>
          <Row className="g-4 justify-content-center">
            {TESTIMONIALS.map((t) => (
              <Col md={6} lg={5} key={t.name}>
                <figure className="mk-card d-flex flex-column mb-0 pt-5">
                  <blockquote className="mk-quote flex-grow-1 mb-4">
                    <p className="mb-0">{t.quote}</p>
                  </blockquote>
                  <figcaption className="d-flex align-items-center gap-3">
                    <span className="mk-avatar" aria-hidden="true">
                      {initials(t.name)}
                    </span>
                    <span>
                      <span className="d-block fw-semibold">{t.name}</span>
                      <span className="d-block small text-body-secondary">{t.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="pb-5" aria-labelledby="cta-title">
        <Container>
          <div className="mk-cta text-center">
            <h2 id="cta-title" className="mk-section-title mb-3">
              Ready to be the one who always remembers?
            </h2>
            <p className="text-body-secondary mb-4">
              Add your first loved one in under two minutes. It is free to start.
            </p>
            <GetStartedButton />
          </div>
        </Container>
      </section>
    </>
  );
}
