import './profile.css';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router-dom';
import { getUserDetails, updateUser } from '@/api/auth';
import { verifySession } from '@/api/session';
import { FormError } from '@/components/FormError';
import { PageSpinner } from '@/components/PageSpinner';
import { SubmitButton } from '@/components/SubmitButton';
import type { UpdateUserInput, UserProfile } from '#contract/auth';
import { EXPIRY_MONTHS, expiryYears } from '#contract/card';
import { PHONE_LENGTH } from '#contract/limits';
import { MESSAGES } from '#contract/messages';
import {
  missingForOrdering,
  ORDERING_FIELD_LABELS as LABELS,
  type OrderingDetails,
  type OrderingField,
} from '#contract/orderingProfile';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/storage';
import { OrderingNotice } from './OrderingNotice';

/** What the inputs hold: text as typed; month and year as the selected option ('' = none). */
interface ProfileForm {
  name: string;
  address: string;
  phno: string;
  cardHolderName: string;
  cardNumber: string;
  cvv: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  billingZipCode: string;
}

function toForm(p: UserProfile, years: number[]): ProfileForm {
  return {
    name: p.name,
    address: p.address,
    phno: p.phno,
    cardHolderName: p.cardHolderName,
    // Never returned by the server: typed again only to change the card.
    cardNumber: '',
    cvv: '',
    cardExpirationMonth: p.cardExpirationMonth === null ? '' : String(p.cardExpirationMonth),
    // A year that is no longer offered (an expired card) is left for the user to choose again.
    cardExpirationYear:
      p.cardExpirationYear !== null && years.includes(p.cardExpirationYear) ? String(p.cardExpirationYear) : '',
    billingZipCode: p.billingZipCode,
  };
}

/** The PUT body as updateUserBody expects it: no email; month/year numbers or null; card only when typed. */
export function toUpdateBody(f: ProfileForm): UpdateUserInput {
  const body: UpdateUserInput = {
    name: f.name,
    address: f.address,
    phno: f.phno,
    cardHolderName: f.cardHolderName,
    cardExpirationMonth: f.cardExpirationMonth === '' ? null : Number(f.cardExpirationMonth),
    cardExpirationYear: f.cardExpirationYear === '' ? null : Number(f.cardExpirationYear),
    billingZipCode: f.billingZipCode,
  };
  if (f.cardNumber.trim() !== '') body.cardNumber = f.cardNumber.trim();
  if (f.cvv.trim() !== '') body.cvv = f.cvv.trim();
  return body;
}

/** What the server keeps of a saved form, as far as ordering is concerned. */
function savedOrderingDetails(f: ProfileForm, cardLast4: string | null): OrderingDetails {
  return {
    address: f.address,
    phno: f.phno,
    cardHolderName: f.cardHolderName,
    cardLast4,
    cardExpirationMonth: f.cardExpirationMonth === '' ? null : Number(f.cardExpirationMonth),
    cardExpirationYear: f.cardExpirationYear === '' ? null : Number(f.cardExpirationYear),
    billingZipCode: f.billingZipCode,
  };
}

type Load = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'ready' };

/** SPEC.md §2 Profile: editable details and card, email read-only; redirects to /signin when the check fails. */
export default function ProfilePage() {
  usePageMeta('Your profile', 'Your Giftwise details: delivery address, phone and the card we charge for gifts.');
  const navigate = useNavigate();
  const [years] = useState(() => expiryYears());
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [email, setEmail] = useState('');
  const [savedName, setSavedName] = useState('');
  const [cardLast4, setCardLast4] = useState<string | null>(null);
  /** What the saved profile still lacks for ordering (the orders screen sends customers here for it). */
  const [missing, setMissing] = useState<OrderingField[]>([]);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const toSignIn = () => {
      if (!cancelled) navigate('/signin', { replace: true });
    };
    (async () => {
      if (!getToken('customer')) return toSignIn();
      // A token the server refused is dropped; one whose check got no answer is kept for the next load.
      if ((await verifySession('customer')).state !== 'valid') return toSignIn();
      try {
        const answer = await getUserDetails();
        if (cancelled) return;
        if (!answer.success) {
          console.error('Profile load failed', answer.error);
          setLoad({ state: 'failed', error: answer.error ?? 'Your profile could not be loaded.' });
          return;
        }
        setEmail(answer.data.email);
        setSavedName(answer.data.name);
        setCardLast4(answer.data.cardLast4);
        setMissing(missingForOrdering(answer.data));
        setForm(toForm(answer.data, years));
        setLoad({ state: 'ready' });
      } catch (err) {
        console.error('Profile load failed', err);
        if (!cancelled) setLoad({ state: 'failed', error: describeError(err) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, years, attempt]);

  if (load.state === 'failed') {
    return (
      <Container className="py-5">
        <div className="profile-column mx-auto">
          <h1 className="h3">Your profile</h1>
          <FormError message={load.error} />
          <Button
            className="mt-3"
            variant="outline-primary"
            onClick={() => {
              setLoad({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </div>
      </Container>
    );
  }
  if (load.state === 'loading' || !form) return <PageSpinner label="Loading your profile…" />;

  const set = (field: keyof ProfileForm) => (e: { target: { value: string } }) =>
    setForm((f) => (f ? { ...f, [field]: e.target.value } : f));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const answer = await updateUser(toUpdateBody(form));
      if (answer.success) {
        const digits = form.cardNumber.replace(/\D/g, '');
        const savedLast4 = digits ? digits.slice(-4) : cardLast4;
        setCardLast4(savedLast4);
        setMissing(missingForOrdering(savedOrderingDetails(form, savedLast4)));
        setSavedName(form.name.trim());
        setForm((f) => (f ? { ...f, cardNumber: '', cvv: '' } : f));
        notify(MESSAGES.profileUpdated);
      } else {
        console.error('Profile update failed', answer.error);
        setError(answer.error ?? 'Your profile could not be saved.');
      }
    } catch (err) {
      console.error('Profile update failed', err);
      setError(describeError(err));
    }
    setSaving(false);
  };

  return (
    <Container className="py-4 py-md-5">
      <div className="profile-column mx-auto">
        <div className="d-flex align-items-center gap-3 mb-4">
          <img src="/avatar.svg" alt="Profile image" width={72} height={72} className="profile-avatar ms-1" />
          <div className="min-w-0">
            <h1 className="h3 mb-0">Your profile</h1>
            <p className="text-body-secondary mb-0 text-truncate">{savedName || email}</p>
          </div>
        </div>
        <OrderingNotice missing={missing} />

        <Form onSubmit={handleSubmit}>
          <Card className="mb-4 shadow-sm">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">Your details</h2>
              <Form.Group className="mb-3" controlId="profile-email">
                <Form.Label>Email</Form.Label>
                <Form.Control
                  type="email"
                  value={email}
                  readOnly
                  className="bg-body-tertiary"
                  aria-describedby="profile-email-help"
                />
                <Form.Text id="profile-email-help">Your sign-in email cannot be changed here.</Form.Text>
              </Form.Group>
              <Form.Group className="mb-3" controlId="profile-name">
                <Form.Label>UserName</Form.Label>
                <Form.Control name="name" autoComplete="name" value={form.name} onChange={set('name')} />
              </Form.Group>
              <Form.Group className="mb-3" controlId="profile-address">
                <Form.Label>{LABELS.address}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  name="address"
                  autoComplete="street-address"
                  value={form.address}
                  onChange={set('address')}
                />
              </Form.Group>
              <Form.Group controlId="profile-phone">
                <Form.Label>{LABELS.phno}</Form.Label>
                <Form.Control
                  type="tel"
                  name="phno"
                  autoComplete="tel-national"
                  inputMode="numeric"
                  maxLength={PHONE_LENGTH}
                  pattern={`[0-9]{${PHONE_LENGTH}}`}
                  title={`${PHONE_LENGTH} digits`}
                  value={form.phno}
                  onChange={set('phno')}
                  aria-describedby="profile-phone-help"
                />
                <Form.Text id="profile-phone-help">{PHONE_LENGTH} digits, no spaces.</Form.Text>
              </Form.Group>
            </Card.Body>
          </Card>

          <Card className="mb-4 shadow-sm">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">Payment card</h2>
              <Form.Group className="mb-3" controlId="profile-card-holder">
                <Form.Label>{LABELS.cardHolderName}</Form.Label>
                <Form.Control
                  name="cardHolderName"
                  autoComplete="cc-name"
                  value={form.cardHolderName}
                  onChange={set('cardHolderName')}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId="profile-card-number">
                <Form.Label>{LABELS.cardNumber}</Form.Label>
                <Form.Control
                  name="cardNumber"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  maxLength={23}
                  placeholder={cardLast4 ? `•••• •••• •••• ${cardLast4}` : undefined}
                  value={form.cardNumber}
                  onChange={set('cardNumber')}
                  aria-describedby="profile-card-number-help"
                />
                <Form.Text id="profile-card-number-help">
                  {cardLast4
                    ? `Saved card ending ${cardLast4}. Leave blank to keep it.`
                    : 'No card saved yet. We keep only its last four digits.'}
                </Form.Text>
              </Form.Group>
              <Row className="g-3 mb-3">
                <Col xs={6} sm={4}>
                  <Form.Group controlId="profile-exp-month">
                    <Form.Label>{LABELS.cardExpirationMonth}</Form.Label>
                    <Form.Select
                      name="cardExpirationMonth"
                      autoComplete="cc-exp-month"
                      value={form.cardExpirationMonth}
                      onChange={set('cardExpirationMonth')}
                    >
                      <option value="">Month</option>
                      {EXPIRY_MONTHS.map((m) => (
                        <option key={m} value={m}>
                          {String(m).padStart(2, '0')}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col xs={6} sm={4}>
                  <Form.Group controlId="profile-exp-year">
                    <Form.Label>{LABELS.cardExpirationYear}</Form.Label>
                    <Form.Select
                      name="cardExpirationYear"
                      autoComplete="cc-exp-year"
                      value={form.cardExpirationYear}
                      onChange={set('cardExpirationYear')}
                    >
                      <option value="">Year</option>
                      {years.map((y) => (
                        <option key={y} value={y}>
                          {y}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col xs={6} sm={4}>
                  <Form.Group controlId="profile-cvv">
                    <Form.Label>CVV</Form.Label>
                    <Form.Control
                      name="cvv"
                      autoComplete="cc-csc"
                      inputMode="numeric"
                      maxLength={4}
                      pattern="[0-9]{3,4}"
                      title="3 or 4 digits"
                      value={form.cvv}
                      onChange={set('cvv')}
                      aria-describedby="profile-cvv-help"
                    />
                    <Form.Text id="profile-cvv-help">Never stored.</Form.Text>
                  </Form.Group>
                </Col>
                <Col xs={6} sm={12}>
                  <Form.Group controlId="profile-zip">
                    <Form.Label>{LABELS.billingZipCode}</Form.Label>
                    <Form.Control
                      name="billingZipCode"
                      autoComplete="postal-code"
                      maxLength={10}
                      value={form.billingZipCode}
                      onChange={set('billingZipCode')}
                    />
                  </Form.Group>
                </Col>
              </Row>
            </Card.Body>
          </Card>

          <div className="d-grid d-sm-flex justify-content-sm-end">
            <SubmitButton busy={saving} busyText="Saving…">
              Update Profile
            </SubmitButton>
          </div>
          <FormError message={error} />
        </Form>
      </div>
    </Container>
  );
}
