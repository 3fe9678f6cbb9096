import { eventPreload } from './web-app';

describe('eventPreload', () => {
  it("EVENT_PRELOADED_WITH_PAGE: a player's page preloads its event by the code as typed", () => {
    expect(eventPreload('/e/U3H6LB')).toBe('</api/events/by-code/U3H6LB>; rel=preload; as=fetch; crossorigin');
    expect(eventPreload('/e/u3h6lb?lang=ru')).toBe('</api/events/by-code/u3h6lb>; rel=preload; as=fetch; crossorigin');
    expect(eventPreload('/e/U3H6LB/screen')).toBe('</api/events/by-code/U3H6LB>; rel=preload; as=fetch; crossorigin');
  });
  it('no preload for other pages or codes that are not codes', () => {
    expect(eventPreload('/')).toBeNull();
    expect(eventPreload('/organizer/events/x')).toBeNull();
    expect(eventPreload('/e/%3Cscript%3E')).toBeNull();
    expect(eventPreload('/e/ABC/other')).toBeNull();
  });
});
