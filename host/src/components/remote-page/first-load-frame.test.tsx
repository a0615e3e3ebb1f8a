import { anyFirstLoadFrame, firstLoadFrameOf, forgetFirstLoadFrame } from './first-load-frame';

function pageWith(markup: string, pathname: string) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  forgetFirstLoadFrame();
}

afterEach(() => {
  document.body.innerHTML = '';
  forgetFirstLoadFrame();
});

describe("the frame a page's HTML came with (issue 14)", () => {
  it("stands for its screen at every address when static (a list page's)", () => {
    pageWith('<div data-first-frame="events:eventList"><h1>Events</h1></div>', '/events/event-list');
    expect(firstLoadFrameOf('events:eventList', '/events/event-list')).toBe('<h1>Events</h1>');
    expect(firstLoadFrameOf('events:eventList', '/events/event-list?when=past')).toBe('<h1>Events</h1>');
    expect(firstLoadFrameOf('communities:communityList', '/communities')).toBeNull();
    expect(anyFirstLoadFrame()?.screen).toBe('events:eventList');
  });

  it('stands only for the address it was drawn for when drawn from data (a detail page)', () => {
    pageWith(
      '<div data-first-frame="events:eventDetail" data-first-frame-at="/events/31"><h1>Rust night</h1></div>',
      '/events/31',
    );
    expect(firstLoadFrameOf('events:eventDetail', '/events/31')).toBe('<h1>Rust night</h1>');
    // Another event before the remote has loaded: never shown with this one's top.
    expect(firstLoadFrameOf('events:eventDetail', '/events/32')).toBeNull();
    expect(anyFirstLoadFrame()?.html).toBe('<h1>Rust night</h1>');
    window.history.replaceState(null, '', '/events/32');
    expect(anyFirstLoadFrame()).toBeNull();
  });

  it("stands only for its address's view when drawn from a query (the communities grid, issue 27)", () => {
    pageWith(
      '<div data-first-frame="communities:communityList" data-first-frame-at="/communities?sort=members"><ul>cards</ul></div>',
      '/communities?sort=members',
    );
    expect(firstLoadFrameOf('communities:communityList', '/communities?sort=members')).toBe('<ul>cards</ul>');
    expect(anyFirstLoadFrame()?.html).toBe('<ul>cards</ul>');
    // Another view of the same screen: not this one's cards.
    expect(firstLoadFrameOf('communities:communityList', '/communities')).toBeNull();
    window.history.replaceState(null, '', '/communities');
    expect(anyFirstLoadFrame()).toBeNull();
  });
});
