import './marketing.css';

import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

import { GetStartedButton } from '@/components/GetStartedButton';
import { Icon, type IconName } from '@/components/Icon';
import { usePageMeta } from '@/hooks/usePageMeta';

/** /how-it-works: the four-step explainer. */
const STEPS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'Add your circle',
    text: 'Tell us who matters to you: their relationship to you, what they are into, and the occasions you never want to miss.',
  },
  {
    icon: 'calendar',
    title: 'We store and track every date',
    text: 'Birthdays, anniversaries and Christmas live in one calendar, stored securely. We track each date and plan well ahead of it.',
  },
  {
    icon: 'package',
    title: 'We curate, pack and deliver',
    text: 'Our team hand-picks a gift to suit their interests and your budget, wraps it with care and delivers it to their door on time.',
  },
  {
    icon: 'award',
    title: 'You take the credit',
    text: 'They open a thoughtful gift on the right day, and the thank-you is all yours. That is exactly how it should be.',
  },
];

/** /how-it-works: the five-stage flow. */
const FLOW: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Add people', text: 'Your loved ones and their special days.' },
  { icon: 'calendar', title: 'Track', text: 'We watch the calendar for you.' },
  { icon: 'gift', title: 'Curate', text: 'A gift chosen for them, within your budget.' },
  { icon: 'truck', title: 'Deliver', text: 'Wrapped and at their door on time.' },
  { icon: 'smile', title: 'Smile', text: 'They feel remembered. You feel great.' },
];

export default function HowItWorksPage() {
  usePageMeta(
    'How It Works',
    'Add your circle, and Giftwise stores and tracks every date, then curates, packs and delivers the perfect gift on time, so you take the credit.',
  );

  return (
    <>
      <section className="mk-hero" aria-labelledby="hiw-title">
        <Container className="py-5 text-center">
          <div className="mk-intro mx-auto">
            <p className="mk-eyebrow mb-3">How it works</p>
            <h1 id="hiw-title" className="mk-display mb-4">
              From a name to a smile
            </h1>
            <p className="lead text-body-secondary mb-0">
              You tell us who you love and when it matters. We take care of everything in between, so every birthday,
              anniversary and Christmas is covered without a second thought.
            </p>
          </div>
        </Container>
      </section>

      <section className="mk-section pt-4" aria-labelledby="steps-title">
        <Container>
          <h2 id="steps-title" className="visually-hidden">
            Four steps
          </h2>
          <Row as="ol" className="list-unstyled g-4 mb-0">
            {STEPS.map((step, i) => (
              <Col as="li" md={6} key={step.title}>
                <div className="mk-card d-flex gap-3">
                  <span className="mk-icon-badge">
                    <Icon name={step.icon} />
                  </span>
                  <div>
                    <p className="mk-eyebrow mb-1">Step {i + 1}</p>
                    <h3 className="h5">{step.title}</h3>
                    <p className="text-body-secondary mb-0">{step.text}</p>
                  </div>
                </div>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="mk-section mk-section-tint" aria-labelledby="flow-title">
        <Container>
          <div className="mk-intro text-center mx-auto mb-5">
            <p className="mk-eyebrow mb-2">The journey</p>
            <h2 id="flow-title" className="mk-section-title">
              Five stages, zero stress
            </h2>
          </div>
          <ol className="mk-flow mb-0">
            {FLOW.map((stage) => (
              <li key={stage.title} className="d-flex d-md-block gap-3 align-items-start text-md-center">
                <span className="mk-icon-badge mb-md-3 bg-body">
                  <Icon name={stage.icon} />
                </span>
                <div>
                  <h3 className="h6 mb-1">{stage.title}</h3>
                  <p className="small text-body-secondary mb-0">{stage.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className="mk-section" aria-labelledby="cta-title">
        <Container>
          <div className="mk-cta text-center">
            <h2 id="cta-title" className="mk-section-title mb-3">
              Ready when you are
            </h2>
            <p className="text-body-secondary mb-4">
              Start with one person and one date. You can add the rest of your circle whenever you like.
            </p>
            <GetStartedButton />
          </div>
        </Container>
      </section>
    </>
  );
}
