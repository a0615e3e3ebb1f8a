import { useMemo, useState } from 'react';
import { Type } from '@sinclair/typebox';
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
  type ImageRef,
  type UserInfo,
  useAtomValue,
} from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { Notice } from '@hub/ui/notice';
import { RouterLink } from '@hub/ui/router-link';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { ImageUpload } from '@hub/ui/image-upload';
import { SubmitButton } from '@hub/ui/submit-button';
import { UserLoadFailure } from '../../components/user-load-failure';
import { MailPreferencesCard } from './mail-preferences-card';
import { MyDataCard } from './my-data-card';
import { WhosGoingCard } from './whos-going-card';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { roleName } from '../../forms/role-names';
import { useSessionUser } from '../../forms/use-session-user';
import {
  cityField,
  cityMaxLength,
  citySchema,
  firstNameField,
  firstNameSchema,
  lastNameField,
  lastNameSchema,
  nameMaxLength,
  phoneField,
  phoneMaxLength,
  phoneSchema,
} from '../../forms/account-fields';

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

/** ProfileInput as the form holds it: text in every control, the business unit's id as the Select's value. */
const profileFormSchema = (cityRequired: boolean) =>
  Type.Object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    phoneNumber: phoneSchema,
    city: citySchema(cityRequired),
    businessUnitId: Type.String(),
  });

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
        <>
          <Profile key={session.user.userId} user={session.user} />
          <MailPreferencesCard key={`mail-${session.user.userId}`} />
          <WhosGoingCard key={`going-${session.user.userId}`} />
          <MyDataCard key={`data-${session.user.userId}`} />
        </>
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
  // The uploaded avatar is saved by id with the profile.
  const [avatar, setAvatar] = useState<ImageRef | null>(user.avatar ?? null);

  const schema = useMemo(() => profileFormSchema(cityRequired), [cityRequired]);
  const { form, submit, pending, placeOnFields } = useHubForm({
    schema,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      city: user.city ?? '',
      businessUnitId: String(user.businessUnitId ?? ''),
    },
    fields: { firstName: firstNameField, lastName: lastNameField, phoneNumber: phoneField, city: cityField },
  });

  const onSubmit = submit(
    async (v) => {
      setProblem(null);
      setSaved('no');
      // The mutation stores the answer as the shared user info, which the header, the guards
      // and the other screens read.
      await updateProfile.mutateAsync({
        firstName: v.firstName,
        lastName: v.lastName,
        phoneNumber: v.phoneNumber,
        city: v.city || null,
        businessUnitId: v.businessUnitId ? Number(v.businessUnitId) : null,
        avatarImageId: avatar?.id ?? null,
      });
      setSaved(mustComplete ? 'completed' : 'saved');
    },
    (error) => {
      // The server's reasons go on their fields and, with what it said, in the notice.
      placeOnFields(error);
      setProblem(saveProblem(error));
      return true;
    },
  );

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
            <Subtitle1 as="h2" block id="my-account-profile" className={styles.heading}>
              Profile
            </Subtitle1>
          }
        />
        <form
          className={formStyles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-labelledby="my-account-profile"
        >
          <Field label="E-mail address" hint="Your e-mail address is your sign-in name; it cannot be changed here.">
            <Input value={user.email} readOnly type="email" appearance="filled-darker" />
          </Field>
          <div className={formStyles.row}>
            <FormField control={form.control} name="firstName" label={firstNameField.label} required>
              {(props) => <Input autoComplete="given-name" maxLength={nameMaxLength} {...props} />}
            </FormField>
            <FormField control={form.control} name="lastName" label={lastNameField.label} required>
              {(props) => <Input autoComplete="family-name" maxLength={nameMaxLength} {...props} />}
            </FormField>
          </div>
          <FormField control={form.control} name="phoneNumber" label={phoneField.label} hint="Optional.">
            {(props) => <Input type="tel" autoComplete="tel" maxLength={phoneMaxLength} {...props} />}
          </FormField>
          <FormField
            control={form.control}
            name="city"
            label={cityField.label}
            required={cityRequired}
            hint={cityRequired ? 'The city you work in.' : 'Optional.'}
          >
            {(props) => <Input autoComplete="address-level2" maxLength={cityMaxLength} {...props} />}
          </FormField>
          <BusinessUnitField
            units={units}
            value={form.watch('businessUnitId')}
            onChange={(value) => form.setValue('businessUnitId', value, { shouldDirty: true })}
          />
          <ImageUpload
            label="Avatar"
            hint="A picture of you, shown beside your name; square suits it best."
            target={{ kind: 'avatar' }}
            value={avatar}
            onChange={setAvatar}
          />
          <div className={formStyles.actions}>
            <SubmitButton pending={pending} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
          </div>
        </form>
      </Card>

      <Card className={styles.card} aria-labelledby="my-account-roles">
        <CardHeader
          header={
            <Subtitle1 as="h2" block id="my-account-roles" className={styles.heading}>
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
