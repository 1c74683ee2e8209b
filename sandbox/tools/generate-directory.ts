/**
 * Writes `sandbox/directory.json` from the seed tables below: `npx tsx sandbox/tools/generate-directory.ts`.
 *
 * The JSON is committed and is what the sandbox reads; this script exists so that derived
 * fields (emails from the company's pattern, slugs, work history, microblog data) stay
 * consistent when someone adds a person. The conformance suite checks that the committed JSON
 * is exactly what this script produces.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Company, Directory, Person } from '@/sandbox/directory';
import { COUNTRY_NAMES } from '@/sandbox/geo';

// ---------------------------------------------------------------- phone helpers (fiction ranges only)
const nanp = (area: number, n: number) => `+1${area}55501${String(n).padStart(2, '0')}`;
const gbMobile = (n: number) => `+447700900${String(n).padStart(3, '0')}`;
const gbLondon = (n: number) => `+442079460${String(n).padStart(3, '0')}`;
const frMobile = (n: number) => `+3363998${String(n).padStart(4, '0')}`;
const frParis = (n: number) => `+3319900${String(n).padStart(4, '0')}`;
const auMobile = (n: number) => `+61491570${String(n).padStart(3, '0')}`;
const auLandline = (area: 2 | 3 | 7 | 8, n: number) => `+61${area}5550${String(n).padStart(4, '0')}`;

// ---------------------------------------------------------------- companies
type CompanySeed = Omit<Company, 'networkUrl' | 'website' | 'slug'> & { slug?: string; website?: string };

const hq = (address: string, city: string, region: string, postalCode: string, country: string) => ({ address, city, region, postalCode, country });

const COMPANIES: CompanySeed[] = [
  { name: 'Northwind Analytics', domain: 'northwind-analytics.example', catchall: false, emailPattern: 'first.last', industry: 'Software Development', type: 'Privately Held', size: '201-500', employeeCount: 340, founded: 2012, headquarters: hq('100 Example Street', 'San Francisco', 'California', '94105', 'US'), phone: nanp(415, 0), description: 'Forecasting software for retailers who would rather not guess.', specialties: ['demand forecasting', 'data pipelines', 'retail analytics'], microblogUsername: 'northwind_data', revenueRange: '$50M-$100M', funding: { totalRaisedUsd: 84_000_000, lastRound: 'Series C', lastRoundDate: '2022-06-14' }, technologies: ['Kubernetes', 'PostgreSQL', 'TypeScript'], locations: ['San Francisco', 'Oakland', 'San Jose'] },
  { name: 'Brightwater Labs', domain: 'brightwater-labs.example', catchall: true, emailPattern: 'first', industry: 'Biotechnology Research', type: 'Privately Held', size: '51-200', employeeCount: 120, founded: 2016, headquarters: hq('12 rue de l’Exemple', 'Paris', 'Île-de-France', '75011', 'FR'), phone: frParis(1000), description: 'Enzymes for water treatment, grown in a former bakery.', specialties: ['enzymology', 'water treatment'], microblogUsername: 'brightwaterlabs', revenueRange: '$10M-$50M', funding: { totalRaisedUsd: 31_000_000, lastRound: 'Series B', lastRoundDate: '2023-02-01' }, technologies: ['Benchling', 'Python'], locations: ['Paris', 'Lyon'] },
  { name: 'Halcyon Freight', domain: 'halcyon-freight.test', catchall: false, emailPattern: 'flast', industry: 'Truck Transportation', type: 'Public Company', size: '1001-5000', employeeCount: 2400, founded: 1987, headquarters: hq('1 Example Wharf', 'London', 'England', 'E14 0ZZ', 'GB'), phone: gbLondon(100), description: 'Overnight freight between the ports of Britain and the rest of Europe.', specialties: ['road freight', 'cold chain', 'customs brokerage'], microblogUsername: null, revenueRange: '$500M-$1B', funding: null, technologies: ['SAP', 'Java'], locations: ['London', 'Leeds', 'Felixstowe'] },
  { name: 'Kestrel & Finch', domain: 'kestrel-finch.example', catchall: true, emailPattern: 'first.last', industry: 'Law Practice', type: 'Partnership', size: '51-200', employeeCount: 95, founded: 1974, headquarters: hq('7 Sample Inn', 'London', 'England', 'WC2A 0ZZ', 'GB'), phone: gbLondon(200), description: 'Commercial law for shipping, publishing and anything that floats.', specialties: ['maritime law', 'intellectual property'], microblogUsername: null, revenueRange: '$10M-$50M', funding: null, technologies: ['iManage'], locations: ['London', 'Cambridge'] },
  { name: 'Maplestone Health', domain: 'maplestone-health.example', catchall: false, emailPattern: 'first.last', industry: 'Hospitals and Health Care', type: 'Nonprofit', size: '5001-10000', employeeCount: 6200, founded: 1952, headquarters: hq('400 Placeholder Avenue', 'Toronto', 'Ontario', 'M5V 0Z0', 'CA'), phone: nanp(416, 0), description: 'A teaching hospital network with a famously good cafeteria.', specialties: ['cardiology', 'paediatrics', 'research'], microblogUsername: 'maplestonehealth', revenueRange: '$1B+', funding: null, technologies: ['Epic', 'Azure'], locations: ['Toronto', 'Montréal'] },
  { name: 'Outback Solar Co.', slug: 'outback-solar', domain: 'outback-solar.example', catchall: false, emailPattern: 'first', industry: 'Renewable Energy Equipment Manufacturing', type: 'Privately Held', size: '201-500', employeeCount: 260, founded: 2009, headquarters: hq('55 Fiction Road', 'Sydney', 'New South Wales', '2000', 'AU'), phone: auLandline(2, 100), description: 'Solar farms for places with more sun than people.', specialties: ['utility-scale solar', 'battery storage'], microblogUsername: 'outbacksolar', revenueRange: '$100M-$500M', funding: { totalRaisedUsd: 120_000_000, lastRound: 'Private Equity', lastRoundDate: '2021-09-30' }, technologies: ['SCADA', 'Go'], locations: ['Sydney', 'Brisbane'] },
  { name: 'Quillfeather Press', domain: 'quillfeather.test', catchall: true, emailPattern: 'first.last', industry: 'Book and Periodical Publishing', type: 'Privately Held', size: '51-200', employeeCount: 70, founded: 1921, headquarters: hq('9 Imaginary Place', 'New York', 'New York', '10001', 'US'), phone: nanp(212, 0), description: 'Independent publisher of novels nobody has read yet.', specialties: ['literary fiction', 'translation rights'], microblogUsername: 'quillfeather', revenueRange: '$10M-$50M', funding: null, technologies: ['InDesign'], locations: ['New York', 'Brooklyn'] },
  { name: 'Tessellate Robotics', domain: 'tessellate-robotics.example', catchall: false, emailPattern: 'first.last', industry: 'Automation Machinery Manufacturing', type: 'Privately Held', size: '51-200', employeeCount: 150, founded: 2018, headquarters: hq('Beispielstraße 1', 'Munich', 'Bavaria', '80331', 'DE'), phone: null, description: 'Robot arms that tile bathrooms, slowly but beautifully.', specialties: ['robotics', 'computer vision'], microblogUsername: null, revenueRange: '$10M-$50M', funding: { totalRaisedUsd: 45_000_000, lastRound: 'Series B', lastRoundDate: '2024-01-18' }, technologies: ['ROS', 'C++'], locations: ['Munich', 'Berlin'] },
  { name: 'Ébène Cosmétiques', slug: 'ebene-cosmetiques', domain: 'ebene-cosmetiques.example', catchall: false, emailPattern: 'first.last', industry: 'Personal Care Product Manufacturing', type: 'Privately Held', size: '501-1000', employeeCount: 640, founded: 1998, headquarters: hq('3 place de la Fiction', 'Lyon', 'Auvergne-Rhône-Alpes', '69002', 'FR'), phone: frParis(2000), description: 'Skincare formulated in Lyon, sold almost everywhere.', specialties: ['skincare', 'fragrance'], microblogUsername: 'ebene_cosmetiques', revenueRange: '$100M-$500M', funding: null, technologies: ['Salesforce', 'Shopify'], locations: ['Lyon', 'Paris'] },
  { name: 'Fjordlys Shipping', slug: 'fjordlys', domain: 'fjordlys.example', catchall: false, emailPattern: 'first.last', industry: 'Maritime Transportation', type: 'Public Company', size: '1001-5000', employeeCount: 1800, founded: 1961, headquarters: hq('Eksempelvej 4', 'Copenhagen', 'Capital Region', '1050', 'DK'), phone: null, description: 'Short-sea shipping across the Baltic and the North Sea.', specialties: ['short-sea shipping', 'chartering'], microblogUsername: null, revenueRange: '$500M-$1B', funding: null, technologies: ['Oracle'], locations: ['Copenhagen', 'Aarhus'] },
  { name: 'Sakura Lantern Games', slug: 'sakura-lantern', domain: 'sakura-lantern.test', catchall: false, emailPattern: 'flast', industry: 'Computer Games', type: 'Privately Held', size: '201-500', employeeCount: 310, founded: 2005, headquarters: hq('1-1 Sample-cho', 'Tokyo', 'Tokyo', '100-0001', 'JP'), phone: null, description: 'Cosy games about lighthouses, lanterns and other lights.', specialties: ['console games', 'mobile games'], microblogUsername: 'sakuralantern', revenueRange: '$50M-$100M', funding: null, technologies: ['Unity', 'C#'], locations: ['Tokyo', 'Osaka'] },
  { name: 'Olivar Data', domain: 'olivar-data.example', catchall: false, emailPattern: 'first.last', industry: 'IT Services and IT Consulting', type: 'Privately Held', size: '11-50', employeeCount: 38, founded: 2019, headquarters: hq('Calle del Ejemplo 8', 'Madrid', 'Community of Madrid', '28001', 'ES'), phone: null, description: 'Data platforms for olive growers and other patient people.', specialties: ['data engineering', 'agritech'], microblogUsername: null, revenueRange: '$1M-$10M', funding: { totalRaisedUsd: 4_500_000, lastRound: 'Seed', lastRoundDate: '2020-11-03' }, technologies: ['dbt', 'BigQuery'], locations: ['Madrid', 'Barcelona', 'Bilbao'] },
  { name: 'Ironbark Mining', domain: 'ironbark-mining.example', catchall: true, emailPattern: 'first.last', industry: 'Mining', type: 'Public Company', size: '1001-5000', employeeCount: 3100, founded: 1979, headquarters: hq('200 Specimen Terrace', 'Perth', 'Western Australia', '6000', 'AU'), phone: auLandline(8, 100), description: 'Iron ore and lithium, dug carefully.', specialties: ['iron ore', 'lithium'], microblogUsername: null, revenueRange: '$1B+', funding: null, technologies: ['SAP'], locations: ['Perth', 'Kalgoorlie'] },
  { name: 'Lumen & Loom', slug: 'lumen-and-loom', domain: 'lumen-loom.example', catchall: false, emailPattern: 'first', industry: 'Retail Apparel and Fashion', type: 'Privately Held', size: '51-200', employeeCount: 85, founded: 2015, headquarters: hq('800 Sample Lane', 'Austin', 'Texas', '78701', 'US'), phone: nanp(512, 0), description: 'Clothes woven from recycled light (and cotton).', specialties: ['sustainable fashion', 'e-commerce'], microblogUsername: 'lumenandloom', revenueRange: '$10M-$50M', funding: { totalRaisedUsd: 12_000_000, lastRound: 'Series A', lastRoundDate: '2021-04-22' }, technologies: ['Shopify', 'Klaviyo'], locations: ['Austin', 'Dallas'] },
  { name: 'Cobalt Harbor Bank', slug: 'cobalt-harbor', domain: 'cobalt-harbor.test', catchall: false, emailPattern: 'flast', industry: 'Banking', type: 'Public Company', size: '10001+', employeeCount: 12_500, founded: 1899, headquarters: hq('1 Harbor Example Plaza', 'Boston', 'Massachusetts', '02110', 'US'), phone: nanp(617, 0), description: 'A regional bank with a very old vault and a very new app.', specialties: ['commercial banking', 'wealth management'], microblogUsername: 'cobaltharbor', revenueRange: '$1B+', funding: null, technologies: ['COBOL', 'Kotlin'], locations: ['Boston', 'Providence'] },
  { name: 'Greenmantle Foods', domain: 'greenmantle-foods.example', catchall: false, emailPattern: 'first.last', industry: 'Food and Beverage Manufacturing', type: 'Privately Held', size: '501-1000', employeeCount: 720, founded: 1968, headquarters: hq('14 Sample Quay', 'Dublin', 'Leinster', 'D02 ZZ00', 'IE'), phone: null, description: 'Oat cakes, soda bread and an unreasonable number of jams.', specialties: ['bakery', 'preserves'], microblogUsername: null, revenueRange: '$100M-$500M', funding: null, technologies: ['Microsoft Dynamics'], locations: ['Dublin', 'Cork'] },
  { name: 'Polaris Wayfinding', domain: 'polaris-wayfinding.example', catchall: true, emailPattern: 'first.last', industry: 'Software Development', type: 'Privately Held', size: '51-200', employeeCount: 110, founded: 2014, headquarters: hq('77 Placeholder Street', 'Vancouver', 'British Columbia', 'V6B 0Z0', 'CA'), phone: nanp(604, 0), description: 'Indoor maps for airports, hospitals and very large shops.', specialties: ['indoor positioning', 'mapping'], microblogUsername: 'polarismaps', revenueRange: '$10M-$50M', funding: { totalRaisedUsd: 26_000_000, lastRound: 'Series B', lastRoundDate: '2022-10-05' }, technologies: ['Swift', 'Kotlin', 'Rust'], locations: ['Vancouver', 'Calgary'] },
  { name: 'Juniper Ledger', domain: 'juniper-ledger.example', catchall: false, emailPattern: 'first.last', industry: 'Financial Services', type: 'Privately Held', size: '201-500', employeeCount: 280, founded: 2013, headquarters: hq('22 Example Row', 'London', 'England', 'EC2A 0ZZ', 'GB'), phone: gbLondon(300), description: 'Accounting software that small businesses do not hate.', specialties: ['accounting software', 'payroll'], microblogUsername: 'juniperledger', revenueRange: '$50M-$100M', funding: { totalRaisedUsd: 60_000_000, lastRound: 'Series C', lastRoundDate: '2023-07-12' }, technologies: ['Elixir', 'PostgreSQL'], locations: ['London', 'Manchester'] },
  { name: 'Nordlicht Media', domain: 'nordlicht-media.example', catchall: false, emailPattern: 'first.last', industry: 'Media Production', type: 'Privately Held', size: '11-50', employeeCount: 42, founded: 2011, headquarters: hq('Musterallee 12', 'Berlin', 'Berlin', '10115', 'DE'), phone: null, description: 'Documentaries about the north, filmed in the dark.', specialties: ['documentary', 'post-production'], microblogUsername: 'nordlichtmedia', revenueRange: '$1M-$10M', funding: null, technologies: ['DaVinci Resolve'], locations: ['Berlin', 'Hamburg'] },
  // Its website is a `javascript:` URL on purpose: clients must show gateway data as inert text.
  { name: 'Cinder Peak Security', slug: 'cinderpeak', domain: 'cinderpeak.test', website: 'javascript:alert(document.domain)', catchall: false, emailPattern: 'first.last', industry: 'Computer and Network Security', type: 'Privately Held', size: '51-200', employeeCount: 130, founded: 2017, headquarters: hq('5280 Sample Drive', 'Denver', 'Colorado', '80202', 'US'), phone: nanp(303, 0), description: 'Managed detection and response for companies with a small IT team.', specialties: ['incident response', 'threat hunting'], microblogUsername: 'cinderpeaksec', revenueRange: '$10M-$50M', funding: { totalRaisedUsd: 22_000_000, lastRound: 'Series A', lastRoundDate: '2020-03-09' }, technologies: ['Go', 'Elastic'], locations: ['Denver', 'Boulder'] },
  { name: 'Marigold Learning', domain: 'marigold-learning.example', catchall: false, emailPattern: 'first', industry: 'E-Learning Providers', type: 'Privately Held', size: '51-200', employeeCount: 90, founded: 2016, headquarters: hq('31 Example Parade', 'Melbourne', 'Victoria', '3000', 'AU'), phone: auLandline(3, 100), description: 'Lesson plans and classroom tools for primary-school teachers.', specialties: ['edtech', 'curriculum design'], microblogUsername: 'marigoldlearn', revenueRange: '$1M-$10M', funding: { totalRaisedUsd: 8_000_000, lastRound: 'Series A', lastRoundDate: '2022-02-15' }, technologies: ['Ruby on Rails', 'React'], locations: ['Melbourne', 'Sydney'] },
  { name: 'Vireo Mobility', domain: 'vireo-mobility.example', catchall: false, emailPattern: 'first.last', industry: 'Motor Vehicle Manufacturing', type: 'Privately Held', size: '201-500', employeeCount: 420, founded: 2015, headquarters: hq('48 avenue de l’Exemple', 'Paris', 'Île-de-France', '75015', 'FR'), phone: frParis(3000), description: 'Electric delivery tricycles for narrow streets.', specialties: ['electric vehicles', 'urban logistics'], microblogUsername: 'vireomobility', revenueRange: '$50M-$100M', funding: { totalRaisedUsd: 95_000_000, lastRound: 'Series C', lastRoundDate: '2024-05-21' }, technologies: ['C', 'Python'], locations: ['Paris', 'Toulouse'] },
  { name: 'Tidewater Clinical', domain: 'tidewater-clinical.test', catchall: true, emailPattern: 'first.last', industry: 'Research Services', type: 'Privately Held', size: '201-500', employeeCount: 230, founded: 2008, headquarters: hq('600 Example Pier', 'Seattle', 'Washington', '98101', 'US'), phone: nanp(206, 0), description: 'Runs clinical trials for small biotech companies.', specialties: ['clinical trials', 'biostatistics'], microblogUsername: null, revenueRange: '$50M-$100M', funding: null, technologies: ['SAS', 'R'], locations: ['Seattle'] },
];

// ---------------------------------------------------------------- people
interface PersonSeed {
  first: string;
  last: string;
  /** When the display order differs from "first last" (CJK names). */
  fullName?: string;
  /** ASCII romanisation used for the slug and the email, when folding accents is not enough. */
  ascii?: [first: string, last: string];
  slug?: string;
  title: string;
  seniority: 'C-Level' | 'VP' | 'Director' | 'Manager' | 'Senior' | 'Entry';
  department: string;
  company: string;
  city: string;
  region: string;
  country: string;
  phones?: [number: string, whatsapp: boolean][];
  /** false: the person has no known work email. */
  email?: false;
  personal?: string;
  microblog?: string;
  headline?: string;
}

const PEOPLE: PersonSeed[] = [
  { first: 'Maya', last: 'Chen', title: 'VP of Engineering', seniority: 'VP', department: 'Engineering', company: 'Northwind Analytics', city: 'San Francisco', region: 'California', country: 'US', phones: [[nanp(415, 10), true], [nanp(415, 11), false]], personal: 'maya.chen@mail.example', microblog: 'mayabuilds' },
  { first: 'Alex', last: 'Morgan', title: 'Account Executive', seniority: 'Senior', department: 'Sales', company: 'Northwind Analytics', city: 'Oakland', region: 'California', country: 'US', phones: [[nanp(510, 12), false]] },
  { first: 'Priya', last: 'Raman', title: 'Data Scientist', seniority: 'Senior', department: 'Research', company: 'Northwind Analytics', city: 'San Francisco', region: 'California', country: 'US', microblog: 'priya_models' },
  { first: '明', last: '李', fullName: '李明', ascii: ['Ming', 'Li'], slug: 'ming-li-8c1f2a', title: 'Staff Engineer', seniority: 'Senior', department: 'Engineering', company: 'Northwind Analytics', city: 'San Jose', region: 'California', country: 'US', phones: [[nanp(408, 13), true]] },
  { first: 'Émilie', last: 'Lefèvre', title: 'Head of Growth', seniority: 'Director', department: 'Marketing', company: 'Brightwater Labs', city: 'Paris', region: 'Île-de-France', country: 'FR', phones: [[frMobile(1201), true]], personal: 'emilie.lefevre@courriel.example', microblog: 'emilie_grows' },
  { first: 'Théo', last: 'Girard', title: 'Research Scientist', seniority: 'Senior', department: 'Research', company: 'Brightwater Labs', city: 'Paris', region: 'Île-de-France', country: 'FR' },
  { first: 'Chloé', last: 'Martin', title: 'Chief Executive Officer', seniority: 'C-Level', department: 'Executive', company: 'Brightwater Labs', city: 'Paris', region: 'Île-de-France', country: 'FR', phones: [[frMobile(1202), true], [frParis(1203), false]] },
  { first: 'Hugo', last: 'Bernard', title: 'Lab Operations Manager', seniority: 'Manager', department: 'Operations', company: 'Brightwater Labs', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', phones: [[frMobile(1204), false]], email: false },
  { first: 'Alex', last: 'Morgan', slug: 'alex-morgan-2b71c9', title: 'Fleet Operations Director', seniority: 'Director', department: 'Operations', company: 'Halcyon Freight', city: 'London', region: 'England', country: 'GB', phones: [[gbMobile(101), true]] },
  { first: 'Siobhán', last: 'O’Connor', ascii: ['Siobhan', 'OConnor'], title: 'Customer Success Lead', seniority: 'Manager', department: 'Customer Success', company: 'Halcyon Freight', city: 'London', region: 'England', country: 'GB', phones: [[gbMobile(102), false]] },
  { first: 'Oliver', last: 'Bennett', title: 'Chief Financial Officer', seniority: 'C-Level', department: 'Finance', company: 'Halcyon Freight', city: 'Leeds', region: 'England', country: 'GB', phones: [[gbLondon(103), false], [gbMobile(104), true]], personal: 'oliver.bennett@inbox.test' },
  { first: 'Amara', last: 'Okafor', title: 'Logistics Analyst', seniority: 'Entry', department: 'Operations', company: 'Halcyon Freight', city: 'London', region: 'England', country: 'GB' },
  { first: 'Harriet', last: 'Kestrel', title: 'Managing Partner', seniority: 'C-Level', department: 'Legal', company: 'Kestrel & Finch', city: 'London', region: 'England', country: 'GB', phones: [[gbLondon(105), false]], microblog: 'harrietkestrel' },
  { first: 'Rohan', last: 'Mehta', title: 'Senior Associate', seniority: 'Senior', department: 'Legal', company: 'Kestrel & Finch', city: 'London', region: 'England', country: 'GB', phones: [[gbMobile(106), true]] },
  { first: 'Grace', last: 'Liu', title: 'Paralegal', seniority: 'Entry', department: 'Legal', company: 'Kestrel & Finch', city: 'Cambridge', region: 'England', country: 'GB', email: false },
  { first: 'Noah', last: 'Tremblay', title: 'Chief Medical Officer', seniority: 'C-Level', department: 'Executive', company: 'Maplestone Health', city: 'Toronto', region: 'Ontario', country: 'CA', phones: [[nanp(416, 14), false]] },
  { first: 'Élodie', last: 'Gagnon', title: 'Nurse Manager', seniority: 'Manager', department: 'Operations', company: 'Maplestone Health', city: 'Montréal', region: 'Québec', country: 'CA', phones: [[nanp(514, 15), true]], personal: 'elodie.gagnon@mail.example' },
  { first: 'Ethan', last: 'Wright', title: 'IT Director', seniority: 'Director', department: 'Engineering', company: 'Maplestone Health', city: 'Toronto', region: 'Ontario', country: 'CA', microblog: 'ethanwright_it' },
  { first: 'Charlotte', last: 'Nguyen', title: 'Project Engineer', seniority: 'Senior', department: 'Engineering', company: 'Outback Solar Co.', city: 'Sydney', region: 'New South Wales', country: 'AU', phones: [[auMobile(101), true]] },
  { first: 'Liam', last: 'Walker', title: 'Sales Director', seniority: 'Director', department: 'Sales', company: 'Outback Solar Co.', city: 'Brisbane', region: 'Queensland', country: 'AU', phones: [[auMobile(102), false], [auLandline(7, 103), false]], personal: 'liam.walker@inbox.test' },
  { first: 'Matilda', last: 'Evans', title: 'Sustainability Analyst', seniority: 'Entry', department: 'Research', company: 'Outback Solar Co.', city: 'Sydney', region: 'New South Wales', country: 'AU', email: false },
  { first: 'Eleanor', last: 'Vance', title: 'Editor-in-Chief', seniority: 'C-Level', department: 'Executive', company: 'Quillfeather Press', city: 'New York', region: 'New York', country: 'US', phones: [[nanp(212, 16), false]], microblog: 'eleanorvance' },
  { first: 'Marcus', last: 'Reid', title: 'Rights Manager', seniority: 'Manager', department: 'Legal', company: 'Quillfeather Press', city: 'Brooklyn', region: 'New York', country: 'US', phones: [[nanp(718, 17), true]] },
  { first: 'Zoë', last: 'Hughes', title: 'Acquisitions Editor', seniority: 'Senior', department: 'Product', company: 'Quillfeather Press', city: 'New York', region: 'New York', country: 'US', personal: 'zoe.hughes@mail.example' },
  { first: 'Jürgen', last: 'Müller', ascii: ['Juergen', 'Mueller'], title: 'Chief Technology Officer', seniority: 'C-Level', department: 'Engineering', company: 'Tessellate Robotics', city: 'Munich', region: 'Bavaria', country: 'DE', personal: 'juergen.mueller@post.example' },
  { first: 'Anja', last: 'Schäfer', ascii: ['Anja', 'Schaefer'], title: 'Robotics Engineer', seniority: 'Senior', department: 'Engineering', company: 'Tessellate Robotics', city: 'Munich', region: 'Bavaria', country: 'DE' },
  { first: 'Lukas', last: 'Becker', title: 'Head of Sales DACH', seniority: 'Director', department: 'Sales', company: 'Tessellate Robotics', city: 'Berlin', region: 'Berlin', country: 'DE', email: false },
  { first: 'Inès', last: 'Dubois', title: 'Brand Manager', seniority: 'Manager', department: 'Marketing', company: 'Ébène Cosmétiques', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', phones: [[frMobile(1205), true]], microblog: 'ines_dubois' },
  { first: 'François', last: 'Lefebvre', title: 'Directeur commercial', seniority: 'Director', department: 'Sales', company: 'Ébène Cosmétiques', city: 'Paris', region: 'Île-de-France', country: 'FR', phones: [[frMobile(1206), false], [frMobile(1207), true], [frParis(1208), false]], personal: 'francois.lefebvre@courriel.example' },
  { first: 'Margaux', last: 'Petit', title: 'Formulation Chemist', seniority: 'Senior', department: 'Research', company: 'Ébène Cosmétiques', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' },
  { first: 'Søren', last: 'Østergaard', slug: 'søren-østergaard-1a2b3c', title: 'Chief Executive Officer', seniority: 'C-Level', department: 'Executive', company: 'Fjordlys Shipping', city: 'Copenhagen', region: 'Capital Region', country: 'DK', microblog: 'soren_fjord' },
  { first: 'Freja', last: 'Nielsen', title: 'Chartering Manager', seniority: 'Manager', department: 'Operations', company: 'Fjordlys Shipping', city: 'Aarhus', region: 'Central Denmark', country: 'DK' },
  { first: 'Mads', last: 'Jørgensen', title: 'Fleet Engineer', seniority: 'Senior', department: 'Engineering', company: 'Fjordlys Shipping', city: 'Copenhagen', region: 'Capital Region', country: 'DK', email: false },
  { first: '花子', last: '佐藤', fullName: '佐藤花子', ascii: ['Hanako', 'Sato'], slug: 'hanako-sato-5e6f7a', title: 'Game Director', seniority: 'Director', department: 'Product', company: 'Sakura Lantern Games', city: 'Tokyo', region: 'Tokyo', country: 'JP', personal: 'hanako.sato@mail.example' },
  { first: 'Kenji', last: 'Watanabe', title: 'Lead Artist', seniority: 'Senior', department: 'Design', company: 'Sakura Lantern Games', city: 'Osaka', region: 'Osaka', country: 'JP', microblog: 'kenji_draws' },
  { first: 'Aiko', last: 'Tanaka', title: 'Community Manager', seniority: 'Manager', department: 'Marketing', company: 'Sakura Lantern Games', city: 'Tokyo', region: 'Tokyo', country: 'JP' },
  { first: 'José', last: 'Muñoz', slug: 'josé-muñoz', title: 'Founder & CEO', seniority: 'C-Level', department: 'Executive', company: 'Olivar Data', city: 'Madrid', region: 'Community of Madrid', country: 'ES', phones: [[frMobile(1209), true]] },
  { first: 'Lucía', last: 'Fernández', title: 'Data Engineer', seniority: 'Senior', department: 'Engineering', company: 'Olivar Data', city: 'Barcelona', region: 'Catalonia', country: 'ES', personal: 'lucia.fernandez@correo.example' },
  { first: 'Iñigo', last: 'Etxeberria', title: 'Sales Manager', seniority: 'Manager', department: 'Sales', company: 'Olivar Data', city: 'Bilbao', region: 'Basque Country', country: 'ES', email: false },
  { first: 'Ruby', last: 'Campbell', title: 'Geologist', seniority: 'Senior', department: 'Research', company: 'Ironbark Mining', city: 'Perth', region: 'Western Australia', country: 'AU', phones: [[auMobile(104), true]] },
  { first: 'Declan', last: 'Murphy', title: 'Site Manager', seniority: 'Manager', department: 'Operations', company: 'Ironbark Mining', city: 'Kalgoorlie', region: 'Western Australia', country: 'AU', phones: [[auMobile(105), false], [auMobile(106), true], [auMobile(108), false]] },
  { first: 'Isla', last: 'Robertson', title: 'Head of People', seniority: 'Director', department: 'Human Resources', company: 'Ironbark Mining', city: 'Perth', region: 'Western Australia', country: 'AU' },
  { first: 'Sofia', last: 'Ramirez', title: 'Creative Director', seniority: 'Director', department: 'Design', company: 'Lumen & Loom', city: 'Austin', region: 'Texas', country: 'US', phones: [[nanp(512, 19), true]], personal: 'sofia.ramirez@mail.example', microblog: 'sofia_makes' },
  { first: 'Tyler', last: 'Brooks', title: 'E-commerce Manager', seniority: 'Manager', department: 'Marketing', company: 'Lumen & Loom', city: 'Austin', region: 'Texas', country: 'US', phones: [[nanp(737, 20), false]] },
  { first: 'Jasmine', last: 'Patel', title: 'Buyer', seniority: 'Entry', department: 'Operations', company: 'Lumen & Loom', city: 'Dallas', region: 'Texas', country: 'US' },
  { first: 'Daniel', last: 'Okonkwo', title: 'Chief Risk Officer', seniority: 'C-Level', department: 'Finance', company: 'Cobalt Harbor Bank', city: 'Boston', region: 'Massachusetts', country: 'US', phones: [[nanp(617, 21), false]] },
  { first: 'Megan', last: 'O’Sullivan', ascii: ['Megan', 'OSullivan'], title: 'Relationship Manager', seniority: 'Manager', department: 'Sales', company: 'Cobalt Harbor Bank', city: 'Boston', region: 'Massachusetts', country: 'US', phones: [[nanp(617, 22), true], [nanp(857, 23), false]], personal: 'megan.osullivan@inbox.test' },
  { first: 'Henry', last: 'Caldwell', title: 'Compliance Analyst', seniority: 'Entry', department: 'Legal', company: 'Cobalt Harbor Bank', city: 'Providence', region: 'Rhode Island', country: 'US', email: false },
  { first: 'Aoife', last: 'Byrne', title: 'Supply Chain Director', seniority: 'Director', department: 'Operations', company: 'Greenmantle Foods', city: 'Dublin', region: 'Leinster', country: 'IE', personal: 'aoife.byrne@post.example', microblog: 'aoife_supply' },
  { first: 'Cian', last: 'Doyle', title: 'Food Scientist', seniority: 'Senior', department: 'Research', company: 'Greenmantle Foods', city: 'Cork', region: 'Munster', country: 'IE' },
  { first: 'Mei', last: 'Wong', title: 'Product Manager', seniority: 'Manager', department: 'Product', company: 'Polaris Wayfinding', city: 'Vancouver', region: 'British Columbia', country: 'CA', phones: [[nanp(604, 24), true]] },
  { first: 'Lucas', last: 'Fontaine', title: 'UX Researcher', seniority: 'Senior', department: 'Design', company: 'Polaris Wayfinding', city: 'Vancouver', region: 'British Columbia', country: 'CA', microblog: 'lucas_ux' },
  { first: 'Nadia', last: 'Haddad', title: 'VP of Marketing', seniority: 'VP', department: 'Marketing', company: 'Polaris Wayfinding', city: 'Calgary', region: 'Alberta', country: 'CA', phones: [[nanp(403, 25), false]], personal: 'nadia.haddad@mail.example' },
  { first: 'Imogen', last: 'Clarke', title: 'Head of Product', seniority: 'Director', department: 'Product', company: 'Juniper Ledger', city: 'London', region: 'England', country: 'GB', phones: [[gbMobile(111), true]], microblog: 'imogen_builds' },
  { first: 'Arjun', last: 'Singh', title: 'Backend Engineer', seniority: 'Senior', department: 'Engineering', company: 'Juniper Ledger', city: 'Manchester', region: 'England', country: 'GB', phones: [[gbMobile(112), false]] },
  { first: 'Fatima', last: 'Al-Sayed', title: 'Finance Manager', seniority: 'Manager', department: 'Finance', company: 'Juniper Ledger', city: 'London', region: 'England', country: 'GB', phones: [[gbLondon(113), false]], email: false },
  { first: 'Björn', last: 'Krüger', ascii: ['Bjoern', 'Krueger'], title: 'Managing Director', seniority: 'C-Level', department: 'Executive', company: 'Nordlicht Media', city: 'Berlin', region: 'Berlin', country: 'DE', microblog: 'bjorn_nordlicht' },
  { first: 'Lena', last: 'Hoffmann', title: 'Video Producer', seniority: 'Senior', department: 'Design', company: 'Nordlicht Media', city: 'Hamburg', region: 'Hamburg', country: 'DE' },
  { first: 'Jordan', last: 'Hayes', title: 'Security Engineer', seniority: 'Senior', department: 'Engineering', company: 'Cinder Peak Security', city: 'Denver', region: 'Colorado', country: 'US', phones: [[nanp(303, 26), false]], microblog: 'jhayes_sec' },
  { first: 'Olivia', last: 'Bennett', title: 'Chief Information Security Officer', seniority: 'C-Level', department: 'Executive', company: 'Cinder Peak Security', city: 'Denver', region: 'Colorado', country: 'US', phones: [[nanp(720, 27), true]] },
  // Her headline carries markup-like text on purpose: every page and record must escape it.
  { first: 'Sam', last: 'Carter', title: 'SOC Analyst', seniority: 'Entry', department: 'Engineering', company: 'Cinder Peak Security', city: 'Boulder', region: 'Colorado', country: 'US', headline: 'Incident response | "<blue team>" & coffee <script>alert(1)</script>' },
  { first: 'Zara', last: 'Ahmed', title: 'Curriculum Lead', seniority: 'Manager', department: 'Product', company: 'Marigold Learning', city: 'Melbourne', region: 'Victoria', country: 'AU', phones: [[auMobile(107), true]] },
  { first: 'Tom', last: 'Nguyen', title: 'Teacher Success Representative', seniority: 'Entry', department: 'Customer Success', company: 'Marigold Learning', city: 'Melbourne', region: 'Victoria', country: 'AU', phones: [[auLandline(3, 108), false]] },
  { first: 'Bastien', last: 'Moreau', title: 'Head of Partnerships', seniority: 'Director', department: 'Sales', company: 'Vireo Mobility', city: 'Paris', region: 'Île-de-France', country: 'FR', phones: [[frMobile(1210), false]] },
  { first: 'Camille', last: 'Roux', title: 'Mechanical Engineer', seniority: 'Senior', department: 'Engineering', company: 'Vireo Mobility', city: 'Toulouse', region: 'Occitanie', country: 'FR', personal: 'camille.roux@courriel.example' },
  { first: 'Grace', last: 'Kim', title: 'Clinical Trial Manager', seniority: 'Manager', department: 'Research', company: 'Tidewater Clinical', city: 'Seattle', region: 'Washington', country: 'US', phones: [[nanp(206, 28), true]] },
  { first: 'Ben', last: 'Adeyemi', title: 'Biostatistician', seniority: 'Senior', department: 'Research', company: 'Tidewater Clinical', city: 'Seattle', region: 'Washington', country: 'US', phones: [[nanp(425, 29), false]], personal: 'ben.adeyemi@inbox.test' },
];

// ---------------------------------------------------------------- derivation
const SKILLS: Record<string, string[]> = {
  Engineering: ['Distributed systems', 'TypeScript', 'Code review', 'Incident management', 'Rust'],
  Sales: ['Negotiation', 'Pipeline management', 'Enterprise sales', 'CRM hygiene'],
  Marketing: ['Brand strategy', 'Content marketing', 'Lifecycle email', 'Analytics'],
  Research: ['Experimental design', 'Statistics', 'Scientific writing', 'Python'],
  Operations: ['Process improvement', 'Scheduling', 'Vendor management', 'Lean'],
  Executive: ['Leadership', 'Fundraising', 'Board relations', 'Strategy'],
  Legal: ['Contract drafting', 'Due diligence', 'Licensing', 'Compliance'],
  Finance: ['Financial modelling', 'Risk management', 'Audit', 'Forecasting'],
  Product: ['Roadmapping', 'User interviews', 'Prioritisation', 'Writing'],
  Design: ['Visual design', 'Prototyping', 'Storyboarding', 'Typography'],
  'Customer Success': ['Onboarding', 'Account management', 'Training', 'Empathy'],
  'Human Resources': ['Recruiting', 'Employee relations', 'Compensation', 'Coaching'],
};

const LANGUAGES: Record<string, string[]> = {
  US: ['English'], GB: ['English'], AU: ['English'], IE: ['English', 'Irish'], CA: ['English', 'French'],
  FR: ['French', 'English'], DE: ['German', 'English'], DK: ['Danish', 'English'], ES: ['Spanish', 'English'], JP: ['Japanese', 'English'],
};

const SCHOOLS = ['University of Northbridge', 'Lakeside Institute of Technology', 'École supérieure de l’Exemple', 'Harbourview College', 'Technische Hochschule Musterstadt', 'Universidad del Ejemplo'];
const DEGREES: [string, string][] = [['BSc', 'Computer Science'], ['BA', 'Economics'], ['MSc', 'Chemistry'], ['MBA', 'Business Administration'], ['BA', 'English Literature'], ['LLB', 'Law'], ['BEng', 'Mechanical Engineering']];

/** Folds accents and drops what an email local part or a slug would not carry. */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o').replace(/Ø/g, 'O').replace(/æ/g, 'ae').replace(/ß/g, 'ss')
    .replace(/[’'`]/g, '')
    .toLowerCase();
}

function workEmail(first: string, last: string, company: CompanySeed): string {
  const [f, l] = [ascii(first).replace(/[^a-z0-9-]/g, ''), ascii(last).replace(/[^a-z0-9-]/g, '')];
  const local = { 'first.last': `${f}.${l}`, first: f, flast: `${f.slice(0, 1)}${l}`, firstlast: `${f}${l}` }[company.emailPattern];
  return `${local}@${company.domain}`;
}

function companySlug(company: CompanySeed): string {
  return company.slug ?? ascii(company.name).replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Deterministic small numbers, so regenerating never reshuffles the data. */
function spread(seed: number, modulo: number): number {
  return ((seed * 2654435761) >>> 0) % modulo;
}

function buildCompany(seed: CompanySeed): Company {
  const slug = companySlug(seed);
  const { slug: _omit, ...rest } = seed;
  return { ...rest, slug, networkUrl: new URL(`https://www.linkedin.com/company/${slug}`).href, website: seed.website ?? `https://www.${seed.domain}` };
}

function buildPerson(seed: PersonSeed, index: number, companies: CompanySeed[]): Person {
  const company = companies.find((c) => c.name === seed.company);
  if (!company) throw new Error(`Unknown company ${seed.company} for ${seed.first} ${seed.last}`);
  const [asciiFirst, asciiLast] = seed.ascii ?? [seed.first, seed.last];
  const slug = seed.slug ?? `${ascii(asciiFirst)}-${ascii(asciiLast)}`.replace(/[^a-z0-9-]+/g, '-');
  const fullName = seed.fullName ?? `${seed.first} ${seed.last}`;
  const startYear = 2016 + spread(index + 1, 8);
  const startDate = `${startYear}-${String(1 + spread(index + 7, 12)).padStart(2, '0')}`;
  const previous = companies[(companies.indexOf(company) + 3 + index) % companies.length]!;
  const [degree, field] = DEGREES[spread(index + 3, DEGREES.length)]!;
  const graduated = startYear - 6 - spread(index + 5, 6);
  const skills = SKILLS[seed.department] ?? [];
  const connections = 80 + spread(index + 11, 480);
  const phones = seed.phones ?? [];
  const headline = seed.headline ?? `${seed.title} at ${seed.company}`;
  return {
    id: String(100_000 + index * 37),
    slug,
    fullName,
    firstName: seed.first,
    lastName: seed.last,
    networkUrl: new URL(`https://www.linkedin.com/in/${slug}`).href,
    headline,
    summary: `${seed.title} at ${seed.company}, based in ${seed.city}. Previously at ${previous.name}.`,
    jobTitle: seed.title,
    seniority: seed.seniority,
    department: seed.department,
    company: seed.company,
    startDate,
    email: seed.email === false ? null : workEmail(asciiFirst, asciiLast, company),
    personalEmail: seed.personal ?? null,
    phones: phones.map(([number]) => number),
    whatsapp: phones.map(([, whatsapp]) => whatsapp),
    location: `${seed.city}, ${seed.region}, ${COUNTRY_NAMES[seed.country] ?? seed.country}`,
    city: seed.city,
    region: seed.region,
    country: seed.country,
    microblogUsername: seed.microblog ?? null,
    microblog: seed.microblog
      ? {
          id: String(2_000_000 + index * 7919),
          bio: headline,
          followers: 40 + spread(index + 13, 9000),
          following: 20 + spread(index + 17, 900),
          joined: `${2009 + spread(index + 19, 12)}-0${1 + spread(index, 9)}-01`,
          verified: spread(index + 23, 5) === 0,
        }
      : null,
    skills: skills.slice(0, 3 + spread(index, 2)),
    languages: LANGUAGES[seed.country] ?? ['English'],
    experience: [
      { title: seed.title, company: seed.company, startDate, endDate: null },
      { title: `${seed.department} specialist`, company: previous.name, startDate: `${startYear - 4}-0${1 + spread(index + 29, 9)}`, endDate: startDate },
    ],
    education: [{ school: SCHOOLS[spread(index + 31, SCHOOLS.length)]!, degree, field, startYear: graduated - 3, endYear: graduated }],
    connections,
    followers: connections + spread(index + 37, 2500),
  };
}

export function buildDirectory(): Directory {
  return {
    companies: COMPANIES.map(buildCompany),
    people: PEOPLE.map((seed, index) => buildPerson(seed, index, COMPANIES)),
  };
}

// ---------------------------------------------------------------- the crowd
// Bulk enrichment needs lists of hundreds or thousands of people: the crowd is built here, at
// load time, from these seeds (never written to directory.json), and served only by the
// interface, not by the demo pages, which stay about the directory above.
const CROWD_FIRST = ['Adele', 'Basile', 'Capucine', 'Dorian', 'Eloise', 'Fabien', 'Gaelle', 'Honore', 'Iris', 'Jules', 'Kenza', 'Leandre', 'Maelys', 'Nathan', 'Oceane', 'Pacome', 'Quitterie', 'Raphael', 'Salome', 'Timothee', 'Ursule', 'Victor', 'Wendy', 'Xavier', 'Yasmine', 'Zacharie', 'Agathe', 'Baptiste', 'Clemence', 'Damien', 'Enzo', 'Flore', 'Gaspard', 'Heloise', 'Ismael', 'Jade', 'Killian', 'Louise', 'Marius', 'Noemie', 'Octave', 'Pauline', 'Quentin', 'Romane', 'Sacha', 'Thais', 'Ulysse', 'Valentine', 'William', 'Yanis'];
const CROWD_LAST = ['Aubert', 'Barbier', 'Carpentier', 'Delorme', 'Estève', 'Ferrand', 'Guillot', 'Hamon', 'Imbert', 'Jacquet', 'Klein', 'Lacroix', 'Marchand', 'Noel', 'Olivier', 'Perrin', 'Quere', 'Renaud', 'Schmitt', 'Tessier', 'Vidal', 'Weber', 'Arnaud', 'Brunet', 'Colin', 'Dumas', 'Fleury', 'Gauthier', 'Huet', 'Jourdan', 'Leclerc', 'Meunier', 'Navarro', 'Paris', 'Rey', 'Sanchez', 'Traore', 'Vasseur', 'Adam', 'Benard', 'Charpentier', 'Deschamps', 'Fabre', 'Gilles', 'Hubert', 'Joly', 'Lemaire', 'Mallet', 'Nicolas', 'Poulain', 'Riviere', 'Simon', 'Tanguy', 'Vincent', 'Blanchard', 'Caron', 'Dupuis', 'Giraud', 'Lambert', 'Marty'];
const CROWD_COMPANY_WORDS = ['Amberlight', 'Birchwood', 'Cedarline', 'Copperfield', 'Deltaport', 'Emberstone', 'Falconridge', 'Granitebay', 'Harborview', 'Indigo Reef'];
const CROWD_COMPANY_KINDS: [suffix: string, industry: string, department: string, title: string][] = [
  ['Logistique', 'Truck Transportation', 'Operations', 'Responsable logistique'],
  ['Conseil', 'Business Consulting and Services', 'Sales', 'Consultant senior'],
  ['Logiciels', 'Software Development', 'Engineering', 'Développeur principal'],
  ['Santé', 'Hospitals and Health Care', 'Research', 'Chargé de recherche'],
];
const CROWD_CITIES: [city: string, region: string][] = [['Paris', 'Île-de-France'], ['Lyon', 'Auvergne-Rhône-Alpes'], ['Lille', 'Hauts-de-France'], ['Nantes', 'Pays de la Loire'], ['Bordeaux', 'Nouvelle-Aquitaine'], ['Toulouse', 'Occitanie']];
/** Names x surnames; the phone ranges reserved for fiction above hold this many too. */
export const CROWD_MAX = CROWD_FIRST.length * CROWD_LAST.length;

function crowdCompanies(): CompanySeed[] {
  return CROWD_COMPANY_WORDS.flatMap((word, w) =>
    CROWD_COMPANY_KINDS.map(([suffix, industry], k): CompanySeed => {
      const n = w * CROWD_COMPANY_KINDS.length + k;
      const [city, region] = CROWD_CITIES[n % CROWD_CITIES.length]!;
      const name = `${word} ${suffix}`;
      const domain = `${ascii(name).replace(/[^a-z0-9]+/g, '-')}.example`;
      return {
        name, domain, catchall: n % 7 === 3, emailPattern: n % 2 ? 'firstlast' : 'first.last', industry, type: 'Privately Held',
        size: ['11-50', '51-200', '201-500', '501-1000'][n % 4]!, employeeCount: 20 + spread(n + 1, 900), founded: 1990 + spread(n + 2, 30),
        headquarters: hq(`${1 + n} rue de l’Exemple`, city, region, `${69_000 + n}`, 'FR'), phone: frParis(9_000 + n),
        description: `${industry} from ${city}, invented for the sandbox’s crowd.`, specialties: [industry.toLowerCase()], microblogUsername: null,
        revenueRange: '$1M-$10M', funding: null, technologies: ['Python'], locations: [city],
      };
    }),
  );
}

/**
 * `count` more people (at most CROWD_MAX) at 40 more companies, all distinct from the directory's,
 * every one with a work email and two in three with a French mobile from the fiction range.
 */
export function buildCrowd(count: number): Directory {
  if (!Number.isInteger(count) || count < 0 || count > CROWD_MAX) throw new Error(`The crowd holds 0 to ${CROWD_MAX} people, not ${count}.`);
  const companies = crowdCompanies();
  let mobiles = 0;
  const people = Array.from({ length: count }, (_, i) => {
    const company = companies[spread(i + 41, companies.length)]!;
    const [, , department, title] = CROWD_COMPANY_KINDS.find(([suffix]) => company.name.endsWith(suffix))!;
    const first = CROWD_FIRST[i % CROWD_FIRST.length]!;
    const last = CROWD_LAST[Math.floor(i / CROWD_FIRST.length)]!;
    const phones: [string, boolean][] = i % 3 === 2 ? [] : [[frMobile(5_000 + mobiles++), i % 2 === 0]];
    const seed: PersonSeed = {
      first, last, slug: `${ascii(first)}-${ascii(last)}-${(0x1000 + spread(i + 43, 0xefff)).toString(16)}`, title, seniority: (['Senior', 'Manager', 'Director', 'Entry'] as const)[i % 4]!,
      department, company: company.name, city: company.headquarters.city, region: company.headquarters.region, country: 'FR', phones,
    };
    return buildPerson(seed, 10_000 + i, companies);
  });
  return { companies: companies.map(buildCompany), people };
}

export const DIRECTORY_PATH = fileURLToPath(new URL('../directory.json', import.meta.url));

export function serialiseDirectory(directory: Directory): string {
  return `${JSON.stringify(directory, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const directory = buildDirectory();
  writeFileSync(DIRECTORY_PATH, serialiseDirectory(directory));
  console.log(`Wrote ${directory.people.length} people at ${directory.companies.length} companies to ${DIRECTORY_PATH}`);
}
