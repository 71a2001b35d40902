import './marketing.css';

import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

import { GetStartedButton } from '@/components/GetStartedButton';
import { Icon, type IconName } from '@/components/Icon';
import { usePageMeta } from '@/hooks/usePageMeta';

/** About: the four values. */
const VALUES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'sparkle',
    title: 'Thoughtfulness',
    text: 'A good gift says "I know you". We choose every one around the person receiving it, never around what is easy to ship.',
  },
  {
    icon: 'clock',
    title: 'Time is precious',
    text: 'Yours especially. We do the remembering, the searching and the wrapping so you can spend your time with people, not in shops.',
  },
  {
    icon: 'heart',
    title: 'Relationships first',
    text: 'Gifts are how we show up for each other. Everything we build is there to help you stay close to the people who matter.',
  },
  {
    icon: 'gem',
    title: 'Quality over quantity',
    text: 'One well-chosen gift beats a pile of forgettable ones. We work with makers and brands we would happily gift ourselves.',
  },
];

export default function AboutPage() {
  usePageMeta(
    'About',
    'Giftwise exists to make thoughtfulness effortless, one gift at a time. Read our story, our mission and the values behind every gift we send.',
  );

  return (
    <>
      <section className="mk-hero" aria-labelledby="about-title">
        <Container className="py-5">
          {/* Wide horizontal gutters only side by side: on a phone they would overflow the container. */}
          <Row className="align-items-center gy-5 gx-lg-5">
            <Col lg={7}>
              <p className="mk-eyebrow mb-3">Our story</p>
              <h1 id="about-title" className="mk-display mb-4">
                We started with a missed birthday
              </h1>
              <p className="lead text-body-secondary">
                Not a forgotten one: we remembered it perfectly, a week too late. Between long workdays, travel and
                everything else, the people we cared about most kept getting our leftover time.
              </p>
              <p className="text-body-secondary">
                We talked to friends and colleagues and heard the same story again and again. Nobody was short of love,
                only of time and a good idea on the day. So we built Giftwise: one place that remembers the dates, knows
                the people, and takes care of choosing, wrapping and delivering the gift.
              </p>
              <p className="text-body-secondary mb-0">
                Today Giftwise helps busy professionals, partners and parents show up for the people they love, on time,
                every time.
              </p>
            </Col>
            <Col lg={5} className="text-center">
              <img
                src="/images/about-story.svg"
                alt="A wrapped gift with a handwritten card beside a calendar"
                width="420"
                height="360"
                className="mk-art"
                decoding="async"
              />
            </Col>
          </Row>
        </Container>
      </section>

      <section className="mk-section" aria-labelledby="mission-title">
        <Container>
          <div className="mk-cta text-center">
            <h2 id="mission-title" className="mk-eyebrow mb-3">
              Our mission
            </h2>
            <p className="mk-mission mb-0">To make thoughtfulness effortless - one gift at a time</p>
          </div>
        </Container>
      </section>

      <section className="mk-section mk-section-tint" aria-labelledby="values-title">
        <Container>
          <div className="mk-intro text-center mx-auto mb-5">
            <p className="mk-eyebrow mb-2">What we believe</p>
            <h2 id="values-title" className="mk-section-title">
              Our values
            </h2>
          </div>
          <Row className="g-4">
            {VALUES.map((v) => (
              <Col sm={6} lg={3} key={v.title}>
                <div className="mk-card">
                  <span className="mk-icon-badge mb-3">
                    <Icon name={v.icon} />
                  </span>
                  <h3 className="h5">{v.title}</h3>
                  <p className="text-body-secondary mb-0">{v.text}</p>
                </div>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="mk-section" aria-labelledby="cta-title">
        <Container className="text-center">
          <h2 id="cta-title" className="mk-section-title mb-3">
            Let us remember, so you can celebrate
          </h2>
          <p className="text-body-secondary mb-4">Join the people who never miss a moment that matters.</p>
          <GetStartedButton>Get Started Today</GetStartedButton>
        </Container>
      </section>
    </>
  );
}
