/** The caller's own account: user info (SPEC.md §3) and profile update. */
import { errors } from '@hub/contract/common';
import { ProfileInput, UserInfo } from '@hub/contract/user';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { loadUserInfo } from '../services/user-info.ts';
import { assertImageFits } from '../images/image-refs.ts';

export function userRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/user', {
    schema: {
      tags: ['user'],
      summary: "The caller's user info: profile, memberships, attended events, roles and permissions",
      security: [{ bearer: [] }],
      response: { 200: UserInfo, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const info = await loadUserInfo(db, user.id);
      if (!info) throw notFound('User not found');
      return info;
    },
  });

  app.put('/api/user', {
    schema: {
      tags: ['user'],
      summary: "Update the caller's own profile (names, phone, city, business unit, image)",
      security: [{ bearer: [] }],
      body: ProfileInput,
      response: { 200: UserInfo, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const body = request.body;
      await assertImageFits(db, body.avatarImageId, 'avatarImageId', { kind: 'avatar', ownerUserId: user.id });
      if (body.businessUnitId !== null) {
        const unit = await db
          .selectFrom('businessUnit')
          .select('id')
          .where('id', '=', body.businessUnitId)
          .executeTakeFirst();
        if (!unit)
          throw badRequest('The request is invalid', ['body/businessUnitId does not name an existing business unit']);
      }
      await db
        .updateTable('appUser')
        .set({
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          phoneNumber: body.phoneNumber.trim(),
          city: body.city === null ? null : body.city.trim(),
          businessUnitId: body.businessUnitId,
          ...(body.imageURL !== undefined ? { imageUrl: body.imageURL.trim() } : {}),
          ...(body.avatarImageId !== undefined ? { avatarImageId: body.avatarImageId } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      const info = await loadUserInfo(db, user.id);
      if (!info) throw notFound('User not found');
      return info;
    },
  });
}
