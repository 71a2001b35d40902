import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import { EXPIRY_MONTHS } from '#contract/card';
import { ORDERING_FIELD_LABELS as LABELS } from '#contract/orderingProfile';
import { TextField } from '@/components/TextField';

import type { ProfileForm } from './profileForm';

interface Props {
  form: ProfileForm;
  set: (field: keyof ProfileForm) => (value: string) => void;
  /** The expiry years offered. */
  years: number[];
  /** The saved card's last four digits; the number itself is never shown again. */
  cardLast4: string | null;
}

/** The payment card: a new number replaces the saved one, a blank one keeps it; the CVV is never stored. */
export function CardSection({ form, set, years, cardLast4 }: Props) {
  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">Payment card</h2>
        <TextField
          id="profile-card-holder"
          label={LABELS.cardHolderName}
          name="cardHolderName"
          autoComplete="cc-name"
          value={form.cardHolderName}
          onChange={set('cardHolderName')}
        />
        <TextField
          id="profile-card-number"
          label={LABELS.cardNumber}
          name="cardNumber"
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
          placeholder={cardLast4 ? `•••• •••• •••• ${cardLast4}` : undefined}
          value={form.cardNumber}
          onChange={set('cardNumber')}
          help={
            cardLast4
              ? `Saved card ending ${cardLast4}. Leave blank to keep it.`
              : 'No card saved yet. We keep only its last four digits.'
          }
        />
        <Row className="g-3 mb-3">
          <Col xs={6} sm={4}>
            <Form.Group controlId="profile-exp-month">
              <Form.Label>{LABELS.cardExpirationMonth}</Form.Label>
              <Form.Select
                name="cardExpirationMonth"
                autoComplete="cc-exp-month"
                value={form.cardExpirationMonth}
                onChange={(e) => set('cardExpirationMonth')(e.target.value)}
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
                onChange={(e) => set('cardExpirationYear')(e.target.value)}
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
            <TextField
              id="profile-cvv"
              groupClassName=""
              label="CVV"
              name="cvv"
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              pattern="[0-9]{3,4}"
              title="3 or 4 digits"
              value={form.cvv}
              onChange={set('cvv')}
              help="Never stored."
            />
          </Col>
          <Col xs={6} sm={12}>
            <TextField
              id="profile-zip"
              groupClassName=""
              label={LABELS.billingZipCode}
              name="billingZipCode"
              autoComplete="postal-code"
              maxLength={10}
              value={form.billingZipCode}
              onChange={set('billingZipCode')}
            />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
