import Container from 'react-bootstrap/Container';

/** Site-wide footer: links and the four enquiry dialogs arrive with the public-site issue. */
export default function Footer() {
  return (
    <footer className="border-top py-4 mt-auto">
      <Container className="text-body-secondary small">© Giftwise</Container>
    </footer>
  );
}
