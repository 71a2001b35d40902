import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';

/** Admin navigation (view switch, /requests, Sign Out): built by the admin-area issue. */
export default function AdminHeader() {
  return (
    <Navbar className="border-bottom">
      <Container>
        <Navbar.Brand>Giftwise Admin</Navbar.Brand>
      </Container>
    </Navbar>
  );
}
