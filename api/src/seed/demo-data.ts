/** The demo catalogue of DESIGN.md "Demo data". Natural keys (codes, names, titles) make the seed idempotent. */
import { CommunityBaseId } from '@hub/contract/enums';

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
}

const online: DemoLocation = { cityName: '', address: null, online: true };
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

export interface DemoEvent {
  title: string;
  community: string;
  /** Days from the first seed; negative for past events. */
  dayOffset: number;
  hour: number;
  durationHours: number;
  capacity: number | null;
  locations: DemoLocation[];
  description: string;
}

const e = (
  title: string,
  community: string,
  dayOffset: number,
  hour: number,
  durationHours: number,
  capacity: number | null,
  locations: DemoLocation[],
  description = `${title}: talks, demos and time to meet colleagues.`,
): DemoEvent => ({ title, community, dayOffset, hour, durationHours, capacity, locations, description });

/** 30 events: 12 past, 18 upcoming; online, in person (several with more than one location) and hybrid. */
export const EVENTS: readonly DemoEvent[] = [
  e('Kubernetes Operators Deep Dive', 'Cloud Native Guild', -60, 16, 2, 60, [utrecht, amsterdam]),
  e('Serverless Patterns Meetup', 'Cloud Native Guild', -30, 17, 2, null, [online]),
  e('Spring Boot 3 Migration Stories', 'Java Community', -45, 16, 3, 80, [utrecht, online]),
  e('Accessibility Audit Workshop', 'Frontend Craft', -20, 13, 4, 25, [amsterdam]),
  e('MLOps in Production', 'Data & AI Community', -50, 15, 2, null, [online]),
  e('S/4HANA Migration Lessons', 'SAP Practitioners', -40, 10, 6, 40, [munich, berlin]),
  e('Capture the Flag Night', 'Security Champions', -15, 18, 4, 30, [berlin]),
  e('Facilitation Techniques', 'Agile Coaches', -25, 9, 3, 20, [paris, online]),
  e('Minimal APIs in .NET', '.NET Community', -10, 16, 2, null, [online]),
  e('Women in Tech Annual Meetup', 'Women in Tech', -35, 14, 5, 150, [amsterdam, rotterdam, online]),
  e('Green Software Principles', 'Sustainability Network', -5, 12, 1, null, [online]),
  e('Observability with OpenTelemetry', 'DevOps Collective', -3, 11, 3, 50, [bangalore, mumbai]),
  e('Platform Engineering Day', 'Cloud Native Guild', 7, 9, 8, 120, [utrecht, amsterdam, rotterdam]),
  e('GitOps Hands-on Lab', 'Cloud Native Guild', 14, 13, 4, 3, [utrecht]),
  e('Java 25 Features Tour', 'Java Community', 10, 16, 2, null, [online]),
  e('Design Systems at Scale', 'Frontend Craft', 12, 15, 3, 60, [amsterdam, online]),
  e('LLM Evaluation Clinic', 'Data & AI Community', 9, 14, 3, 40, [munich, online]),
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
];
