import { AppError } from '../../errors.js';

/**
 * One answer for an invitation token that is unknown, used, expired or revoked (and for the caller's
 * own token's list being gone): telling them apart would only help someone guessing tokens.
 */
export const invitationInvalid = () =>
  new AppError('lists/invitation_invalid', 400, 'This invitation cannot be used: it is unknown, used already, expired or revoked. Ask for a new link.');

export const invitationNotFound = () => new AppError('lists/invitation_not_found', 404, 'Invitation not found');

export const memberNotFound = () => new AppError('lists/member_not_found', 404, 'Member not found');

export const inboxNotShared = () => new AppError('lists/conflict', 409, 'The Inbox cannot be shared');

export const ownerCannotLeave = () =>
  new AppError('lists/conflict', 409, 'The owner cannot leave their list: hand ownership to another member first (PATCH /lists/{id}/members/{userId} {"role": "owner"}), or delete the list');
