import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import {
  Button,
  Badge,
  Body1,
  Card,
  CardHeader,
  Field,
  Input,
  makeStyles,
  Select,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import {
  appConfigAtom,
  hasPermission,
  isApiError,
  mustCompleteProfile,
  Permission,
  routePaths,
  useBusinessUnits,
  useUpdateUserProfile,
  type UserInfo,
} from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { Notice } from '@hub/ui/notice';
import { RouterLink } from '@hub/ui/router-link';
import { SubmitButton } from '../../components/submit-button';
import { UserLoadFailure } from '../../components/user-load-failure';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { roleName } from '../../forms/role-names';
import { useForm } from '../../forms/use-form';
import { useSessionUser } from '../../forms/use-session-user';
import { checkCity, checkName, checkPhone, cityMaxLength, nameMaxLength, phoneMaxLength } from '../../forms/validation';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  roles: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  skeletonField: { height: '32px' },
  heading: { margin: 0 },
  unit: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  unitField: { flex: '1 1 16rem' },
});

type ProfileField = 'firstName' | 'lastName' | 'phoneNumber' | 'city' | 'businessUnitId';

/**
 * My account (SPEC §2 my-account): the profile (names, phone, city, business unit) saved with
 * PUT api/user, and the roles. A Capgemini user without a city is held here (SPEC §4) and told why.
 */
export function MyAccountPage() {
  const session = useSessionUser();
  return (
    <PageFrame headingId="my-account-title" width="medium" title="My account" busy={session.status === 'loading'}>
      {session.status === 'loading' ? (
        <ProfileSkeleton />
      ) : session.status === 'failed' ? (
        <UserLoadFailure retry={session.retry} />
      ) : (
        <Profile key={session.user.userId} user={session.user} />
      )}
    </PageFrame>
  );
}

function ProfileSkeleton() {
  const styles = useStyles();
  return (
    <Skeleton aria-label="Loading your profile" className={styles.skeleton}>
      {[0, 1, 2, 3, 4].map((i) => (
        <SkeletonItem key={i} size={32} className={styles.skeletonField} />
      ))}
    </Skeleton>
  );
}

function Profile({ user }: { user: UserInfo }) {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const {
    product: { name: product },
    company: { name: company },
  } = useAtomValue(appConfigAtom);
  const cityRequired = hasPermission(user, Permission.CapgeminiAccess);
  const mustComplete = mustCompleteProfile(user);
  const units = useBusinessUnits();
  const updateProfile = useUpdateUserProfile();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState<'no' | 'saved' | 'completed'>('no');

  const form = useForm<ProfileField>(
    {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      city: user.city ?? '',
      businessUnitId: String(user.businessUnitId ?? ''),
    },
    (v) => ({
      firstName: checkName(v.firstName, 'first name'),
      lastName: checkName(v.lastName, 'last name'),
      phoneNumber: checkPhone(v.phoneNumber),
      city: checkCity(v.city, cityRequired),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (v) => {
      setProblem(null);
      setSaved('no');
      try {
        // The mutation stores the answer as the shared user info, which the header, the guards
        // and the other screens read.
        await updateProfile.mutateAsync({
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          phoneNumber: v.phoneNumber.trim(),
          city: v.city.trim() || null,
          businessUnitId: v.businessUnitId ? Number(v.businessUnitId) : null,
        });
      } catch (error) {
        setProblem(saveProblem(error));
        return;
      }
      setSaved(mustComplete ? 'completed' : 'saved');
    });
  };

  return (
    <>
      {mustComplete && saved === 'no' ? (
        <Notice intent="warning" announce="status" title="Add your city to continue">
          As an employee of {company} you need to tell us the city you work in before you can use the rest of {product}.
          Enter it below and save; we use it to show you communities and events near you.
        </Notice>
      ) : null}
      {saved === 'completed' ? (
        <Notice intent="success" announce="status" title="Your profile is complete">
          Thank you. You can now use all of {product}.{' '}
          <RouterLink to={routePaths.home()} inline>
            Go to the home page
          </RouterLink>
        </Notice>
      ) : null}
      {saved === 'saved' ? (
        <Notice intent="success" announce="status" title="Profile saved">
          Your changes are saved.
        </Notice>
      ) : null}
      {problem ? (
        <Notice intent="error" announce="alert" title={problem.title} data-problem={problem.code}>
          {problem.body}
        </Notice>
      ) : null}

      <Card className={styles.card} aria-labelledby="my-account-profile">
        <CardHeader
          header={
            <Subtitle1 as="h2" id="my-account-profile" className={styles.heading}>
              Profile
            </Subtitle1>
          }
        />
        <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-labelledby="my-account-profile">
          <Field label="E-mail address" hint="Your e-mail address is your sign-in name; it cannot be changed here.">
            <Input value={user.email} readOnly type="email" appearance="filled-darker" />
          </Field>
          <div className={formStyles.row}>
            <Field label="First name" required {...form.fieldState('firstName')}>
              <Input autoComplete="given-name" maxLength={nameMaxLength} {...form.field('firstName')} />
            </Field>
            <Field label="Last name" required {...form.fieldState('lastName')}>
              <Input autoComplete="family-name" maxLength={nameMaxLength} {...form.field('lastName')} />
            </Field>
          </div>
          <Field label="Phone number" hint="Optional." {...form.fieldState('phoneNumber')}>
            <Input type="tel" autoComplete="tel" maxLength={phoneMaxLength} {...form.field('phoneNumber')} />
          </Field>
          <Field
            label="City"
            required={cityRequired}
            hint={cityRequired ? 'The city you work in.' : 'Optional.'}
            {...form.fieldState('city')}
          >
            <Input autoComplete="address-level2" maxLength={cityMaxLength} {...form.field('city')} />
          </Field>
          <BusinessUnitField
            units={units}
            value={form.values.businessUnitId}
            onChange={(value) => form.setValues((v) => ({ ...v, businessUnitId: value }))}
          />
          <div className={formStyles.actions}>
            <SubmitButton pending={form.pending} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
          </div>
        </form>
      </Card>

      <Card className={styles.card} aria-labelledby="my-account-roles">
        <CardHeader
          header={
            <Subtitle1 as="h2" id="my-account-roles" className={styles.heading}>
              Your roles
            </Subtitle1>
          }
          description={<Body1>What you can do in {product} depends on these.</Body1>}
        />
        {user.roles.length > 0 ? (
          <ul className={styles.roles} aria-labelledby="my-account-roles">
            {user.roles.map((role) => (
              <li key={role}>
                <Badge appearance="tint" shape="rounded" size="large">
                  {roleName(role, company)}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <Body1>You have no roles yet.</Body1>
        )}
      </Card>
    </>
  );
}

interface BusinessUnitFieldProps {
  units: ReturnType<typeof useBusinessUnits>;
  value: string;
  onChange: (value: string) => void;
}

function BusinessUnitField({ units, value, onChange }: BusinessUnitFieldProps) {
  const styles = useStyles();
  const list = units.data ?? [];
  const known = value === '' || list.some((u) => String(u.id) === value);
  const failed = units.isError;
  const state = failed
    ? {
        validationState: 'warning' as const,
        validationMessage:
          'The list of business units could not be loaded. Your current business unit is kept when you save.',
      }
    : { hint: units.isPending ? 'Loading the business units…' : 'Optional.' };
  return (
    <div className={styles.unit}>
      <Field label="Business unit" className={styles.unitField} {...state}>
        <Select value={value} disabled={!units.isSuccess} onChange={(_e, data) => onChange(data.value)}>
          <option value="">No business unit</option>
          {!known ? <option value={value}>Your current business unit</option> : null}
          {list.map((unit) => (
            <option key={unit.id} value={String(unit.id)}>
              {unit.name}
            </option>
          ))}
        </Select>
      </Field>
      {failed ? (
        <Button
          icon={<ArrowClockwiseRegular />}
          onClick={() => void units.refetch()}
          aria-label="Retry loading the business units"
        >
          Retry
        </Button>
      ) : null}
    </div>
  );
}

function saveProblem(error: unknown): Problem {
  const found = describeProblem(error);
  if (found.code === 'network') return { ...found, title: 'Your profile was not saved' };
  if (isApiError(error)) {
    const details = error.details.length > 0 ? ` (${error.details.join('; ')})` : '';
    return {
      code: 'unknown',
      title: 'Your profile was not saved',
      body: `${error.message}${details}. Check your entries and try again.`,
    };
  }
  return { ...found, title: 'Your profile was not saved' };
}

export default MyAccountPage;
