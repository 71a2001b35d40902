import './profile.css';

import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useLoaderData, useRevalidator } from 'react-router-dom';

import type { UserProfile } from '#contract/auth';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { MailStatusNotice } from '@/components/MailStatusNotice';
import { SubmitButton } from '@/components/SubmitButton';
import { usePageMeta } from '@/hooks/usePageMeta';

import { AutoApproveSwitch } from './AutoApproveSwitch';
import { CalendarFeedSection } from './CalendarFeedSection';
import { CardSection } from './CardSection';
import { GettingStarted } from './GettingStarted';
import { OrderingNotice } from './OrderingNotice';
import { PreferencesSection } from './PreferencesSection';
import { ProfileDetailsSection } from './ProfileDetailsSection';
import type { loadProfile } from './profileLoad';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { ProfileLoading } from './ProfileLoading';
import { SignedInDevicesSection } from './SignedInDevicesSection';
import { useProfileForm } from './useProfileForm';
import { YourDataSection } from './YourDataSection';

export { loadProfile as loader } from './profileLoad';

/** Profile: editable details and card, email read-only. The route sends a visitor without a session to /signin. */
export default function ProfilePage() {
  usePageMeta('Your profile', 'Your Giftwise details: delivery address, phone and the card we charge for gifts.');
  const load = useLoaderData<typeof loadProfile>();
  const revalidator = useRevalidator();
  if (revalidator.state === 'loading' && !load.ok) return <ProfileLoading />;
  if (!load.ok) return <ProfileLoadFailed error={load.error} onRetry={() => void revalidator.revalidate()} />;
  return (
    <ProfileEditor profile={load.profile}>
      <PreferencesSection initial={load.preferences} />
      <CalendarFeedSection initialActive={load.feedActive} />
      <SignedInDevicesSection />
      <YourDataSection />
    </ProfileEditor>
  );
}

function ProfileEditor({ profile, children }: { profile: UserProfile; children: ReactNode }) {
  const { form, set, years, saved, busy, problem, handleSubmit } = useProfileForm(profile);
  return (
    <Container className="py-4 py-md-5">
      <div className="profile-column mx-auto">
        <div className="d-flex align-items-center gap-3 mb-4">
          <img src="/avatar.svg" alt="Profile image" width={72} height={72} className="profile-avatar ms-1" />
          <div className="min-w-0">
            <h1 className="h3 mb-0">Your profile</h1>
            <p className="text-body-secondary mb-0 text-truncate">{saved.name || profile.email}</p>
          </div>
        </div>
        <MailStatusNotice />
        <OrderingNotice missing={saved.missing} />
        {saved.missing.length > 0 && <GettingStarted />}

        <Form onSubmit={handleSubmit}>
          <ProblemScope problem={problem}>
            <ProfileDetailsSection email={profile.email} form={form} set={set} />
            <CardSection form={form} set={set} years={years} cardLast4={saved.cardLast4} />
            <AutoApproveSwitch checked={form.autoApproveProposals} onChange={set('autoApproveProposals')} />
            <div className="d-grid d-sm-flex justify-content-sm-end">
              <SubmitButton busy={busy} busyText="Saving…">
                Update Profile
              </SubmitButton>
            </div>
            <SubmitError />
          </ProblemScope>
        </Form>
        {children}
      </div>
    </Container>
  );
}
