/**
 * The OpenAPI description lists every route, and each route's request and answer schemas are the
 * contract's (@hub/contract): the same field names, so the published description, the server's
 * validation and the clients' types cannot drift apart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  AdminStats,
  AdminTrends,
  AdminTrendsQuery,
  AdminUser,
  AdminUserPage,
  AdminUsersQuery,
  CalendarFeedRevokeAnswer,
  RolesInput,
} from '@hub/contract/admin';
import { AuditLogPage, AuditLogQuery } from '@hub/contract/audit';
import { ClientErrorReports, CspViolationReports } from '@hub/contract/client-errors';
import {
  CheckInAnswer,
  CheckInParams,
  ManagedAttendeeList,
  ManagedCommunitiesQuery,
  ManagedCommunityPage,
  ManagedEventPage,
  ManagedEventsQuery,
} from '@hub/contract/manage';
import { ResetPasswordInput } from '@hub/contract/account';
import { WhosGoing, WhosGoingChoice, WhosGoingChoiceAnswer, WhosGoingDefault } from '@hub/contract/whos-going';
import {
  MailPreferences,
  MailPreferencesInput,
  ResubscribeInput,
  UnsubscribeAnswer,
  UnsubscribeQuery,
} from '@hub/contract/mail-preferences';
import { BusinessUnit, CommunityBase, Country } from '@hub/contract/catalogue';
import { CommunityIdParams, ErrorBody, IdParams, Message } from '@hub/contract/common';
import {
  CommunityDetail,
  CommunityInput,
  CommunityListQuery,
  CommunitySummary,
  CountryOverview,
  MembershipAnswer,
} from '@hub/contract/community';
import { AppointCoreMemberInput, CoreMember, CoreMemberParams, LeadFlagInput } from '@hub/contract/core-members';
import {
  AttendanceAnswer,
  AttendanceInput,
  CancelEventInput,
  Attendee,
  CalendarFeed,
  CalendarFeedParams,
  CalendarFeedStatus,
  EventDetail,
  EventInput,
  EventListQuery,
  EventPage,
  EventViewerInfo,
  MyEventsQuery,
} from '@hub/contract/events';
import { Health, HealthProbe } from '@hub/contract/ops';
import { MyHome, PublicHome } from '@hub/contract/home';
import {
  CommunityAudienceCount,
  CommunityMessageInput,
  EventAudienceCounts,
  EventMessageInput,
  OrganiserMessageList,
  SentOrganiserMessage,
} from '@hub/contract/organiser-messages';
import { MyDataExport } from '@hub/contract/my-data';
import {
  Invitation,
  InvitationAnswer,
  InvitationInput,
  InvitationParams,
  InvitationStatus,
  InvitationView,
  JoinRequestDecision,
  JoinRequestParams,
  PendingJoinRequest,
} from '@hub/contract/community-invitations';
import { ProfileInput, SyncInput, UserInfo } from '@hub/contract/user';
import { ImageFocus, ImageLimits, ImageRef, ImageUploadQuery } from '@hub/contract/images';
import { call, startTestApi, type TestApi } from './helpers/test-env.ts';

interface Operation {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success status (or the redirect) and the contract schema of its answer: an object, or an array's item. */
  status: 200 | 201 | 204 | 303;
  answer?: TSchema;
  /** Failure answers that are not the error body `{ message, details }`, by status. */
  failureAnswers?: Record<string, TSchema>;
}

// Every route of the API, written out: a route added without being listed here fails the first test.
const routes: Record<string, Operation> = {
  'get /api/community': { status: 200, answer: CountryOverview },
  'post /api/community': { body: CommunityInput, status: 201, answer: CommunityDetail },
  'get /api/community/{id}': { params: IdParams, status: 200, answer: CommunityDetail },
  'put /api/community/{id}': { params: IdParams, body: CommunityInput, status: 200, answer: CommunityDetail },
  'delete /api/community/{id}': { params: IdParams, status: 204 },
  'post /api/community/{id}/archive': { params: IdParams, status: 200, answer: CommunityDetail },
  'post /api/community/{id}/restore': { params: IdParams, status: 200, answer: CommunityDetail },
  'get /api/community/base/{id}': {
    params: IdParams,
    query: CommunityListQuery,
    status: 200,
    answer: CommunitySummary,
  },
  'get /api/communitybase/{id}': { params: IdParams, status: 200, answer: CommunityBase },
  'get /api/country': { status: 200, answer: Country },
  'get /api/bunit': { status: 200, answer: BusinessUnit },
  'put /api/communitymembership/{communityId}': { params: CommunityIdParams, status: 200, answer: MembershipAnswer },
  'delete /api/communitymembership/{communityId}': { params: CommunityIdParams, status: 200, answer: MembershipAnswer },
  'get /api/community/{id}/invitation': { params: IdParams, status: 200, answer: InvitationStatus },
  'post /api/community/{id}/invitation': { params: IdParams, body: InvitationInput, status: 200, answer: Invitation },
  'delete /api/community/{id}/invitation': { params: IdParams, status: 200, answer: InvitationStatus },
  'get /api/community-invitations/{token}': { params: InvitationParams, status: 200, answer: InvitationView },
  'post /api/community-invitations/{token}': { params: InvitationParams, status: 200, answer: InvitationAnswer },
  'get /api/community/{id}/join-requests': { params: IdParams, status: 200, answer: PendingJoinRequest },
  'post /api/community/{id}/join-requests/{requestId}/approve': {
    params: JoinRequestParams,
    status: 200,
    answer: JoinRequestDecision,
  },
  'post /api/community/{id}/join-requests/{requestId}/decline': {
    params: JoinRequestParams,
    status: 200,
    answer: JoinRequestDecision,
  },
  'get /api/community/{id}/core-members': { params: IdParams, status: 200, answer: CoreMember },
  'post /api/community/{id}/core-members': {
    params: IdParams,
    body: AppointCoreMemberInput,
    status: 201,
    answer: CoreMember,
  },
  'put /api/community/{id}/core-members/{userId}': {
    params: CoreMemberParams,
    body: LeadFlagInput,
    status: 200,
    answer: CoreMember,
  },
  'delete /api/community/{id}/core-members/{userId}': { params: CoreMemberParams, status: 204 },
  'get /api/events': { query: EventListQuery, status: 200, answer: EventPage },
  'post /api/events': { body: EventInput, status: 201, answer: EventDetail },
  'get /api/events/{id}': { params: IdParams, status: 200, answer: EventDetail },
  'put /api/events/{id}': { params: IdParams, body: EventInput, status: 200, answer: EventDetail },
  'post /api/events/{id}/cancel': { params: IdParams, body: CancelEventInput, status: 200, answer: EventDetail },
  'get /api/events/{id}/attendees': { params: IdParams, status: 200, answer: Attendee },
  'get /api/events/{id}/ics': { params: IdParams, status: 200 },
  'get /api/community/{id}/events.ics': { params: IdParams, status: 200 },
  'get /api/calendar/{token}.ics': { params: CalendarFeedParams, status: 200 },
  'get /api/user/calendar-feed': { status: 200, answer: CalendarFeedStatus },
  'post /api/user/calendar-feed': { status: 200, answer: CalendarFeed },
  'put /api/events/{id}/attendance': {
    params: IdParams,
    body: AttendanceInput,
    status: 200,
    answer: AttendanceAnswer,
  },
  'delete /api/events/{id}/attendance': { params: IdParams, status: 200, answer: AttendanceAnswer },
  'get /api/events/{id}/me': { params: IdParams, status: 200, answer: EventViewerInfo },
  'get /api/events/{id}/whos-going': { params: IdParams, status: 200, answer: WhosGoing },
  'put /api/events/{id}/attendance/whos-going': {
    params: IdParams,
    body: WhosGoingChoice,
    status: 200,
    answer: WhosGoingChoiceAnswer,
  },
  'get /api/user/whos-going': { status: 200, answer: WhosGoingDefault },
  'put /api/user/whos-going': { body: WhosGoingDefault, status: 200, answer: WhosGoingDefault },
  'get /api/user/events': { query: MyEventsQuery, status: 200, answer: EventPage },
  'get /api/home': { status: 200, answer: PublicHome },
  'get /api/user/home': { status: 200, answer: MyHome },
  'get /api/user': { status: 200, answer: UserInfo },
  'get /api/user/export': { status: 200, answer: MyDataExport },
  'get /api/user/export/events.ics': { status: 200 },
  'delete /api/user': { status: 204 },
  'delete /api/admin/users/{id}': { params: IdParams, status: 204 },
  'post /api/manage/events/{id}/attendees/exports': { params: IdParams, status: 204 },
  'put /api/user': { body: ProfileInput, status: 200, answer: UserInfo },
  'post /api/user/sync': { body: SyncInput, status: 200 },
  'post /api/user/activate-account': { status: 200, answer: Message },
  'post /api/user/reset-password': { body: ResetPasswordInput, status: 200, answer: Message },
  'get /api/admin/users': { query: AdminUsersQuery, status: 200, answer: AdminUserPage },
  'put /api/admin/users/{id}/roles': { params: IdParams, body: RolesInput, status: 200, answer: AdminUser },
  'delete /api/admin/users/{id}/calendar-feed': { params: IdParams, status: 200, answer: CalendarFeedRevokeAnswer },
  'get /api/admin/stats': { status: 200, answer: AdminStats },
  'get /api/admin/stats/trends': { query: AdminTrendsQuery, status: 200, answer: AdminTrends },
  'get /api/admin/audit-log': { query: AuditLogQuery, status: 200, answer: AuditLogPage },
  'get /api/manage/communities': { query: ManagedCommunitiesQuery, status: 200, answer: ManagedCommunityPage },
  'get /api/manage/communities/{id}/events': {
    params: IdParams,
    query: ManagedEventsQuery,
    status: 200,
    answer: ManagedEventPage,
  },
  'get /api/manage/events/{id}/attendees': { params: IdParams, status: 200, answer: ManagedAttendeeList },
  'put /api/events/{id}/attendees/{userId}/check-in': { params: CheckInParams, status: 200, answer: CheckInAnswer },
  'delete /api/events/{id}/attendees/{userId}/check-in': { params: CheckInParams, status: 200, answer: CheckInAnswer },
  'get /api/events/{id}/messages': { params: IdParams, status: 200, answer: OrganiserMessageList },
  'post /api/events/{id}/messages': {
    params: IdParams,
    body: EventMessageInput,
    status: 201,
    answer: SentOrganiserMessage,
  },
  'get /api/events/{id}/messages/audiences': { params: IdParams, status: 200, answer: EventAudienceCounts },
  'get /api/community/{id}/messages': { params: IdParams, status: 200, answer: OrganiserMessageList },
  'post /api/community/{id}/messages': {
    params: IdParams,
    body: CommunityMessageInput,
    status: 201,
    answer: SentOrganiserMessage,
  },
  'get /api/community/{id}/messages/audience': { params: IdParams, status: 200, answer: CommunityAudienceCount },
  'get /api/health': { status: 200, answer: Health },
  'get /api/health/live': { status: 200, answer: HealthProbe },
  // A probe's 503 says what is wrong in the probe's own shape (a load balancer reads only the status).
  'post /api/images': { query: ImageUploadQuery, status: 201, answer: ImageRef },
  'get /api/images/limits': { status: 200, answer: ImageLimits },
  'put /api/images/{id}/focus': { params: IdParams, body: ImageFocus, status: 200, answer: ImageRef },
  'get /api/images/{name}': { params: Type.Object({ name: Type.String() }), status: 200 },
  'get /api/health/ready': { status: 200, answer: HealthProbe, failureAnswers: { 503: HealthProbe } },
  'post /api/client-errors': { body: ClientErrorReports, status: 204 },
  'post /api/client-errors/csp': { body: CspViolationReports, status: 204 },
  'get /api/user/mail-preferences': { status: 200, answer: MailPreferences },
  'put /api/user/mail-preferences': { body: MailPreferencesInput, status: 200, answer: MailPreferences },
  'post /api/mail/unsubscribe': { query: UnsubscribeQuery, status: 200, answer: UnsubscribeAnswer },
  'post /api/mail/resubscribe': {
    query: UnsubscribeQuery,
    body: ResubscribeInput,
    status: 200,
    answer: UnsubscribeAnswer,
  },
  'get /api/mail/unsubscribe': { query: UnsubscribeQuery, status: 303 },
};

type JsonSchema = { type?: string; properties?: Record<string, unknown>; items?: JsonSchema };
type Content = Record<string, { schema: JsonSchema }> | undefined;

/** The schema of an answer or body, whatever its media type (the .ics route answers text/calendar). */
const schemaOf = (content: Content) => Object.values(content ?? {})[0]?.schema;

/** The field names of an object schema, or of an array's items. */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  const object = schema?.type === 'array' ? schema.items : schema;
  return Object.keys(object?.properties ?? {}).sort();
}

describe('the OpenAPI description', () => {
  let api: TestApi;
  let doc: { openapi: string; paths: Record<string, Record<string, Record<string, never>>> };
  before(async () => {
    api = await startTestApi({ kind: 'pglite', seed: false });
    doc = (await call(api.url, 'GET', '/api/docs/json')).json;
  });
  after(async () => api?.close());

  it('lists exactly the routes the API serves', () => {
    assert.equal(doc.openapi, '3.0.3');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    assert.deepEqual(documented.sort(), Object.keys(routes).sort());
    for (const route of Object.keys(routes)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      assert.ok(api.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `serves ${route}`);
    }
  });

  it("documents each route's parameters, body and answers with the contract's schemas", () => {
    for (const [route, expected] of Object.entries(routes)) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]![method] as unknown as {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Content };
        responses: Record<string, { content?: Content }>;
      };
      const named = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      assert.deepEqual(named('path').sort(), fieldsOf(expected.params as JsonSchema), `${route} path parameters`);
      assert.deepEqual(named('query').sort(), fieldsOf(expected.query as JsonSchema), `${route} query parameters`);
      assert.deepEqual(
        fieldsOf(schemaOf(op.requestBody?.content)),
        fieldsOf(expected.body as JsonSchema),
        `${route} body`,
      );
      const success = op.responses[String(expected.status)];
      assert.ok(success, `${route} documents its ${expected.status} answer`);
      if (expected.answer) {
        const fields = fieldsOf(expected.answer as JsonSchema);
        assert.ok(fields.length > 0, `${route}: the contract's answer has fields`);
        assert.deepEqual(fieldsOf(schemaOf(success.content)), fields, `${route} answer`);
      }
      const failures = Object.keys(op.responses).filter((status) => Number(status) >= 400);
      for (const status of failures) {
        assert.deepEqual(
          fieldsOf(schemaOf(op.responses[status]!.content)),
          fieldsOf((expected.failureAnswers?.[status] ?? ErrorBody) as JsonSchema),
          `${route} ${status} is the error body`,
        );
      }
    }
  });

  it('serves the documentation page', async () => {
    assert.equal((await call(api.url, 'GET', '/api/docs')).status, 200);
  });
});
