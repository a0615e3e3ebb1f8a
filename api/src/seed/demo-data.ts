/** The demo catalogue of DESIGN.md "Demo data". Natural keys (codes, names, titles) make the seed idempotent. */
import { CommunityBaseId } from '@hub/contract/enums';
import type { DemoImage } from './demo-images.ts';

export const COUNTRIES = [
  { code: 'NL', name: 'Netherlands' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'IN', name: 'India' },
] as const;

export const COMMUNITY_BASES = [
  { id: CommunityBaseId.Community, name: 'Community' },
  { id: CommunityBaseId.Network, name: 'Network' },
] as const;

export const BUSINESS_UNITS = [
  'Applications & Technology',
  'Insights & Data',
  'Cloud Infrastructure Services',
  'Business Services',
  'Engineering & R&D',
  'Invent',
] as const;

export interface DemoCommunity {
  name: string;
  description: string;
  country: (typeof COUNTRIES)[number]['code'];
  base: CommunityBaseId;
}

/** The first entry becomes community 1: lead@hub.test leads it, core@hub.test is a core member. */
export const COMMUNITIES: readonly DemoCommunity[] = [
  {
    name: 'Cloud Native Guild',
    description: 'Kubernetes, serverless and platform engineering in practice.',
    country: 'NL',
    base: 1,
  },
  { name: 'Java Community', description: 'The JVM, Spring and everything around it.', country: 'NL', base: 1 },
  {
    name: 'Frontend Craft',
    description: 'Web components, React, accessibility and design systems.',
    country: 'NL',
    base: 1,
  },
  {
    name: 'Data & AI Community',
    description: 'Machine learning, data engineering and responsible AI.',
    country: 'DE',
    base: 1,
  },
  { name: 'SAP Practitioners', description: 'S/4HANA migrations and integration patterns.', country: 'DE', base: 1 },
  {
    name: 'Security Champions',
    description: 'Threat modelling, secure coding and incident stories.',
    country: 'DE',
    base: 1,
  },
  { name: 'Agile Coaches', description: 'Scrum, Kanban, team topologies and facilitation.', country: 'FR', base: 1 },
  { name: '.NET Community', description: 'C#, ASP.NET Core and Azure.', country: 'FR', base: 1 },
  {
    name: 'Testing & Quality',
    description: 'Test automation, contract tests and quality engineering.',
    country: 'FR',
    base: 1,
  },
  { name: 'Mobile Makers', description: 'Native and cross-platform apps.', country: 'IN', base: 1 },
  { name: 'DevOps Collective', description: 'CI/CD, observability and site reliability.', country: 'IN', base: 1 },
  {
    name: 'Architecture Circle',
    description: 'Solution and enterprise architecture, decision records.',
    country: 'IN',
    base: 1,
  },
  { name: 'Women in Tech', description: 'A network supporting women in technology careers.', country: 'NL', base: 2 },
  { name: 'Young Professionals', description: 'Network for colleagues in their first years.', country: 'NL', base: 2 },
  { name: 'Sustainability Network', description: 'Green IT and sustainable delivery.', country: 'DE', base: 2 },
  { name: 'Pride Network', description: 'LGBTQ+ colleagues and allies.', country: 'FR', base: 2 },
  { name: 'Parents Network', description: 'Combining work and family life.', country: 'IN', base: 2 },
  { name: 'Alumni Network', description: 'Former colleagues staying in touch.', country: 'IN', base: 2 },
];

export interface DemoLocation {
  cityName: string;
  address: string | null;
  online: boolean;
  /** Seats at this location; null or absent: only the event's capacity applies. */
  capacity?: number | null;
  /** An online location's join link (shown only to attendees and organisers). */
  joinUrl?: string | null;
}

const online: DemoLocation = { cityName: '', address: null, online: true };
/** An online location with its join link. */
const onlineAt = (slug: string, capacity: number | null = null): DemoLocation => ({
  ...online,
  joinUrl: `https://meet.hub.test/${slug}`,
  capacity,
});
/** An in-person location with a seat limit of its own. */
const seats = (location: DemoLocation, capacity: number): DemoLocation => ({ ...location, capacity });
const utrecht: DemoLocation = { cityName: 'Utrecht', address: 'Papendorpseweg 100, 3528 BJ Utrecht', online: false };
const amsterdam: DemoLocation = {
  cityName: 'Amsterdam',
  address: 'Piet Heinkade 55, 1019 GM Amsterdam',
  online: false,
};
const rotterdam: DemoLocation = {
  cityName: 'Rotterdam',
  address: 'Wilhelminakade 91, 3072 AP Rotterdam',
  online: false,
};
const munich: DemoLocation = { cityName: 'Munich', address: 'Leopoldstrasse 31, 80802 München', online: false };
const berlin: DemoLocation = { cityName: 'Berlin', address: 'Potsdamer Platz 5, 10785 Berlin', online: false };
const paris: DemoLocation = { cityName: 'Paris', address: '11 Rue de Tilsitt, 75017 Paris', online: false };
const lyon: DemoLocation = {
  cityName: 'Lyon',
  address: '109 Boulevard de Stalingrad, 69100 Villeurbanne',
  online: false,
};
const mumbai: DemoLocation = {
  cityName: 'Mumbai',
  address: 'Airoli Knowledge Park, Navi Mumbai 400708',
  online: false,
};
const bangalore: DemoLocation = { cityName: 'Bangalore', address: 'Whitefield Road, Bengaluru 560066', online: false };
const london: DemoLocation = { cityName: 'London', address: '40 Holborn Viaduct, London EC1N 2PB', online: false };

export interface DemoEvent {
  title: string;
  community: string;
  /** Days from the first seed; negative for past events. */
  dayOffset: number;
  /** Local hour of the start, in the event's time zone. */
  hour: number;
  durationHours: number;
  capacity: number | null;
  locations: DemoLocation[];
  description: string;
  /** IANA zone; default: the zone of the community's country. */
  timeZone?: string;
  /** One of the demo's own pictures (seed/demo-images.ts); none: the community's generated cover. */
  image?: DemoImage;
  cancelled?: boolean;
  /** The organiser's note on a cancelled event (shown on its page). */
  cancellationNote?: string;
  /**
   * Filler attendees per location index (in order); default: a few spread over the locations (the
   * tiny GitOps lab is filled to its capacity).
   */
  attendeesPerLocation?: number[];
}

/** Where each demo country's events are held by default. */
export const COUNTRY_TIME_ZONES: Record<(typeof COUNTRIES)[number]['code'], string> = {
  NL: 'Europe/Amsterdam',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  IN: 'Asia/Kolkata',
};

const e = (
  title: string,
  community: string,
  dayOffset: number,
  hour: number,
  durationHours: number,
  capacity: number | null,
  locations: DemoLocation[],
  description = `${title}: talks, demos and time to meet colleagues.`,
  extra: Partial<DemoEvent> = {},
): DemoEvent => ({ title, community, dayOffset, hour, durationHours, capacity, locations, description, ...extra });

const PLATFORM_DAY = `## A day about the platforms we build for each other

Internal developer platforms are products. This day is about running them that way.

### Programme

- **09:00** Welcome and coffee
- **09:30** Keynote: *Golden paths, not golden cages*
- **11:00** Three tracks: developer portals, policy as code, cost visibility
- **16:00** Panel with platform teams from three clients

Bring your laptop for the afternoon labs. Read the [CNCF platforms white paper](https://tag-app-delivery.cncf.io/whitepapers/platforms/) beforehand if you can.`;

const GITOPS_LAB = `## Hands-on: GitOps from zero to production

A small, practical lab: **three seats only**, so everyone gets a coach.

1. Bootstrap a cluster from a Git repository
2. Promote a change through *dev*, *test* and *prod*
3. Roll back with a single \`git revert\`

You need a laptop with Docker installed.`;

const JAVA_TOUR = `## What is new in Java 25

A guided tour of the language and the platform:

- pattern matching, everywhere
- **virtual threads** in real services
- the latest garbage collectors and what they mean for your cloud bill

Slides and recordings will be shared afterwards on the [community page](https://openjdk.org/).`;

const DESIGN_SYSTEMS = `## Design systems at scale

How do forty teams ship one consistent product? Stories from three design systems:

- tokens as the single source of truth
- *accessibility* built into every component
- versioning without breaking everybody

> "A design system is a product serving products." — Nathan Curtis`;

const HYBRID_SUMMIT = `# Cloud Native Summit — hybrid edition

One programme, three offices and a live stream. Choose the office nearest to you, or join online.

## What to expect

- Keynotes streamed to every room
- Local **hands-on labs** in each office
- *Hallway track* with drinks from 17:00

## Practical

| Office | Host |
| --- | --- |
| Utrecht | Lena |
| Amsterdam | Carl |
| Rotterdam | Noah |

Questions? Read the [FAQ](https://www.cncf.io/) or ask the organisers.`;

const XSS_CLINIC = `## Web security clinic: cross-site scripting in practice

We look at real payloads and why a safe renderer shows them as text. For example, this description contains raw HTML that must **never** run:

<script>alert('xss from an event description')</script>

<img src="x" onerror="alert('xss from an image')">

<a href="javascript:alert('xss')">a link that must not run script</a>

### Agenda

1. How injection happens
2. Output encoding and *Content Security Policy*
3. Live hacking on a deliberately vulnerable app`;

const SMALL_ROOMS = `## Threat modelling in small rooms

Every office hosts **one small table**, so seats are limited per location:

- Berlin: 2 seats (already full)
- Munich: 3 seats
- Online: 5 seats

Pick the location that suits you; if yours is full, another may still have room.`;

const LONDON_MEETUP = `## Frontend Craft comes to London

An evening of short talks at the London office:

- *Container queries* in production
- Shipping a component library to three frameworks
- Lightning talks — sign up at the door

Food and drinks from 18:00 (Europe/London time).`;

const ATLANTIC_PAIRING = `## Remote pairing across the Atlantic

A live, online session hosted from **New York**: two testers pair on a flaky end-to-end suite and fix it together.

- Start: 12:00 in New York, which is evening in Europe
- Bring questions about *contract tests* and test data

Join from anywhere — the link appears on the event page once you attend.`;

const CANCELLED_WORKSHOP = `## Angular signals workshop

**This workshop has been cancelled** because the trainer is unavailable. We will announce a new date on the community page.`;

const OFFICE_HOURS = `## Architecture office hours

One person, one hour with an architect: bring your design question.

- **One seat**: the first to register gets it
- With the waiting list on, others can wait and take the seat if it frees`;

/**
 * 38 events: 12 past, the rest upcoming. The first 30 keep their order (their ids 1–30 are stable:
 * tests and links rely on them); the ones after were added for the events area:
 * - Platform Engineering Day (13): three offices, no online (the location picker)
 * - GitOps Hands-on Lab (14): full (3 of 3)
 * - Java 25 Features Tour (15): online only
 * - Contract Testing with Pact (22): one in-person location
 * - Cloud Native Summit (31): hybrid, three offices and online (picker + "Attend online"), image
 * - Threat Modelling in Small Rooms (32): small per-location capacities, Berlin full
 * - Angular Signals Workshop (33): upcoming but cancelled
 * - Frontend Craft London Evening (34): Europe/London, one location
 * - Remote Pairing Across the Atlantic (35): America/New_York, online only, no image
 * - Web Security Clinic (36): raw HTML (script, img onerror) in its Markdown
 * - Architecture Office Hours (37): one seat, nobody registered (waiting list flows)
 * - Engineering Leadership Breakfast (38): past, Europe/London
 */
export const EVENTS: readonly DemoEvent[] = [
  e('Kubernetes Operators Deep Dive', 'Cloud Native Guild', -60, 16, 2, 60, [utrecht, amsterdam], undefined, {
    image: 'kubernetes-operators',
  }),
  e('Serverless Patterns Meetup', 'Cloud Native Guild', -30, 17, 2, null, [online]),
  e('Spring Boot 3 Migration Stories', 'Java Community', -45, 16, 3, 80, [utrecht, online]),
  e('Accessibility Audit Workshop', 'Frontend Craft', -20, 13, 4, 25, [amsterdam]),
  e('MLOps in Production', 'Data & AI Community', -50, 15, 2, null, [online]),
  e('S/4HANA Migration Lessons', 'SAP Practitioners', -40, 10, 6, 40, [munich, berlin]),
  e('Capture the Flag Night', 'Security Champions', -15, 18, 4, 30, [berlin], undefined, {
    image: 'capture-the-flag',
  }),
  e('Facilitation Techniques', 'Agile Coaches', -25, 9, 3, 20, [paris, online]),
  e('Minimal APIs in .NET', '.NET Community', -10, 16, 2, null, [online]),
  e('Women in Tech Annual Meetup', 'Women in Tech', -35, 14, 5, 150, [amsterdam, rotterdam, online]),
  e('Green Software Principles', 'Sustainability Network', -5, 12, 1, null, [online]),
  e('Observability with OpenTelemetry', 'DevOps Collective', -3, 11, 3, 50, [bangalore, mumbai]),
  e('Platform Engineering Day', 'Cloud Native Guild', 7, 9, 8, 120, [utrecht, amsterdam, rotterdam], PLATFORM_DAY, {
    image: 'platform-day',
  }),
  e('GitOps Hands-on Lab', 'Cloud Native Guild', 14, 13, 4, 3, [utrecht], GITOPS_LAB),
  e('Java 25 Features Tour', 'Java Community', 10, 16, 2, null, [onlineAt('java-25-tour')], JAVA_TOUR),
  e(
    'Design Systems at Scale',
    'Frontend Craft',
    12,
    15,
    3,
    60,
    [amsterdam, onlineAt('design-systems')],
    DESIGN_SYSTEMS,
    {
      image: 'design-systems',
    },
  ),
  e('LLM Evaluation Clinic', 'Data & AI Community', 9, 14, 3, 40, [munich, onlineAt('llm-clinic')]),
  e('Data Mesh Round Table', 'Data & AI Community', 30, 16, 2, null, [online]),
  e('Threat Modelling Bootcamp', 'Security Champions', 18, 9, 7, 24, [berlin, munich]),
  e('Retrospective Formats Swap', 'Agile Coaches', 21, 17, 2, null, [online]),
  e('Blazor vs React Debate', '.NET Community', 16, 18, 2, 70, [paris, lyon, online]),
  e('Contract Testing with Pact', 'Testing & Quality', 11, 14, 3, 35, [lyon]),
  e('Flutter Meets Kotlin Multiplatform', 'Mobile Makers', 20, 11, 3, 50, [bangalore, online]),
  e('SRE Game Day', 'DevOps Collective', 25, 10, 6, 40, [mumbai, bangalore]),
  e('Architecture Decision Records Kata', 'Architecture Circle', 8, 15, 2, null, [online]),
  e('Young Professionals Kick-off', 'Young Professionals', 5, 17, 3, 100, [utrecht, online]),
  e('Climate Fresk for Teams', 'Sustainability Network', 15, 13, 3, 30, [berlin, munich]),
  e('Pride Month Celebration', 'Pride Network', 40, 18, 4, 200, [paris, lyon, online]),
  e('Working Parents Q&A', 'Parents Network', 6, 12, 1, null, [online]),
  e('Alumni Reunion', 'Alumni Network', 45, 18, 5, 150, [mumbai]),
  // Added for the events area (issue 11): ids 31 and up on a fresh database.
  e(
    'Cloud Native Summit: Hybrid Edition',
    'Cloud Native Guild',
    19,
    10,
    7,
    200,
    [seats(utrecht, 80), seats(amsterdam, 60), rotterdam, onlineAt('cloud-native-summit')],
    HYBRID_SUMMIT,
    { image: 'cloud-native-summit', attendeesPerLocation: [3, 2, 1, 2] },
  ),
  e(
    'Threat Modelling in Small Rooms',
    'Security Champions',
    13,
    10,
    3,
    10,
    [seats(berlin, 2), seats(munich, 3), onlineAt('threat-modelling-small', 5)],
    SMALL_ROOMS,
    { attendeesPerLocation: [2, 1, 0] },
  ),
  e('Angular Signals Workshop', 'Frontend Craft', 17, 14, 3, 30, [amsterdam], CANCELLED_WORKSHOP, {
    cancelled: true,
    cancellationNote: 'The trainer is unavailable. We will announce a new date on the community page.',
    attendeesPerLocation: [4],
  }),
  e('Frontend Craft London Evening', 'Frontend Craft', 22, 18, 3, 80, [london], LONDON_MEETUP, {
    timeZone: 'Europe/London',
    image: 'london-evening',
    attendeesPerLocation: [5],
  }),
  e(
    'Remote Pairing Across the Atlantic',
    'Testing & Quality',
    9,
    12,
    2,
    null,
    [onlineAt('atlantic-pairing')],
    ATLANTIC_PAIRING,
    { timeZone: 'America/New_York', attendeesPerLocation: [3] },
  ),
  e(
    'Web Security Clinic: XSS in Practice',
    'Security Champions',
    24,
    15,
    2,
    40,
    [berlin, onlineAt('xss-clinic')],
    XSS_CLINIC,
    {
      attendeesPerLocation: [2, 2],
    },
  ),
  e('Architecture Office Hours', 'Architecture Circle', 11, 11, 1, 1, [bangalore], OFFICE_HOURS, {
    attendeesPerLocation: [0],
  }),
  e(
    'Engineering Leadership Breakfast',
    'Young Professionals',
    -8,
    8,
    2,
    30,
    [london, onlineAt('leadership-breakfast')],
    'A breakfast conversation about **growing into leadership**, in the London office and online.',
    { timeZone: 'Europe/London', attendeesPerLocation: [4, 2] },
  ),
];
