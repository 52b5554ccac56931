import { myInvitationsKey } from '../../../lib/my-invitations.ts';

/**
 * The people feature's query keys, one factory: follows, bookmarks, collections, makers and
 * invitations. A mutation invalidates a family by its first element (e.g. `peopleKeys.follows`).
 */
export const peopleKeys = {
  follows: ['follows'] as const,
  followCounts: (makerId: string) => ['follows', 'counts', makerId] as const,
  followsMine: (userId: string | null | undefined, makerId: string) => ['follows', 'mine', userId, makerId] as const,
  followedMakers: (userId: string | null | undefined) => ['follows', 'makers', userId] as const,
  followingProjects: (userId: string | null | undefined) => ['projects', 'following', userId] as const,
  mutes: ['mutes'] as const,
  muteMine: (userId: string | null | undefined, memberId: string) => ['mutes', 'mine', userId, memberId] as const,
  bookmarks: ['bookmarks'] as const,
  bookmarkOne: (userId: string | null | undefined, projectId: string) => ['bookmarks', 'one', userId, projectId] as const,
  bookmarkList: (userId: string | null | undefined) => ['bookmarks', 'list', userId] as const,
  collections: ['collections'] as const,
  collectionsOf: (ownerId: string | null | undefined, publicOnly: boolean) => ['collections', 'of', ownerId, publicOnly] as const,
  collectionsHolding: (projectId: string, collectionIds: readonly string[]) => ['collections', 'holding', projectId, collectionIds] as const,
  collectionPage: (id: string, userId: string | null | undefined) => ['collections', 'page', id, userId] as const,
  collectionProjects: (id: string, userId: string | null | undefined) => ['collections', 'projects', id, userId] as const,
  makers: ['makers'] as const,
  projectMakers: (projectId: string) => ['makers', projectId] as const,
  projectInvitations: (projectId: string) => ['makers', projectId, 'invitations'] as const,
  invitations: ['invitations'] as const,
  myInvitations: myInvitationsKey,
  /** Other features' families a co-maker change touches. */
  myProjects: ['my-projects'] as const,
  notifications: ['notifications'] as const,
};

/** /collections, the public collections (under ['collections'], so any collection change refetches it). */
export const publicCollectionKeys = {
  list: ['collections', 'public'] as const,
};
