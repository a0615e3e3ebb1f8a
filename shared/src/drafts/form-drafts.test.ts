import { draftKey, forgetDraft, forgetDrafts, readDraft, saveDraft } from './form-drafts';

beforeEach(() => localStorage.clear());

describe('form drafts', () => {
  it('keeps a draft per user and form until it is forgotten', () => {
    saveDraft(draftKey('u1', 'event:new'), { title: 'Meetup' }, localStorage, new Date('2030-01-01T10:00:00Z'));
    expect(readDraft(draftKey('u1', 'event:new'))).toEqual({
      values: { title: 'Meetup' },
      savedAt: '2030-01-01T10:00:00.000Z',
    });
    expect(readDraft(draftKey('u2', 'event:new'))).toBeNull();
    expect(readDraft(draftKey('u1', 'event:edit:4'))).toBeNull();
    forgetDraft(draftKey('u1', 'event:new'));
    expect(readDraft(draftKey('u1', 'event:new'))).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem(draftKey('u1', 'event:new'), '{not json');
    expect(readDraft(draftKey('u1', 'event:new'))).toBeNull();
    localStorage.setItem(draftKey('u1', 'event:new'), '{"values":1}');
    expect(readDraft(draftKey('u1', 'event:new'))).toBeNull();
  });

  it('forgets every draft at logout, and nothing else', () => {
    saveDraft(draftKey('u1', 'event:new'), {});
    saveDraft(draftKey('u2', 'event:edit:3'), {});
    localStorage.setItem('lastVisited', '/events/1');
    forgetDrafts();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('lastVisited')).toBe('/events/1');
  });
});
