// Seeded offers: hand-written issuers and texts, combined by fixed rules and a seeded PRNG, so the
// same 36 offers come back on every start. The rules below guarantee the coverage the suite needs
// (every offerType and offerSubType, open and closed, early closes, priceType fixed and no_price,
// optional fields present and absent, line breaks and empty strings, a shared lastModifiedOn).
import type { Currency, Offer, OfferSubType, OfferType, OfferingDocument } from './types.ts';
import { intBetween, mulberry32, permutation, roundTo, uuidFrom } from './prng.ts';

const SEED = 20240501;
export const OFFER_COUNT = 36;

type IssuerKind = 'equity' | 'trust' | 'spac' | 'gov';

interface IssuerRow {
  kind: IssuerKind;
  companyName: string;
  ticker: string;
  sector: string;
  exchangeMic: string;
  countryCode: string;
  currency: Currency;
  fttRequired: boolean;
  businessDescriptionText: string;
}

const ISSUERS: readonly IssuerRow[] = [
  {
    kind: 'equity',
    companyName: 'Northbrook Renewables plc',
    ticker: 'NBR',
    sector: 'Utilities',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: 'Develops and operates onshore wind and solar farms across the United Kingdom.',
  },
  {
    kind: 'equity',
    companyName: 'Harlow & Finch Engineering plc',
    ticker: 'HFE',
    sector: 'Industrials',
    exchangeMic: 'AIMX',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: 'Precision components for aerospace and rail.\nFounded in 1921, listed on AIM since 2009.',
  },
  {
    kind: 'equity',
    companyName: 'Liffey Biosciences plc',
    ticker: 'LFB',
    sector: 'Health Care',
    exchangeMic: 'XDUB',
    countryCode: 'IE',
    currency: 'EUR',
    fttRequired: true,
    businessDescriptionText: 'Clinical-stage developer of antibody therapies for autoimmune disease.',
  },
  {
    kind: 'equity',
    companyName: 'Fjordlys ASA',
    ticker: 'FJORD',
    sector: 'Energy',
    exchangeMic: 'XOSL',
    countryCode: 'NO',
    currency: 'NOK',
    fttRequired: false,
    businessDescriptionText: 'Offshore wind installation vessels and services in the North Sea.',
  },
  {
    kind: 'equity',
    companyName: 'Skärgård Software AB',
    ticker: 'SKRG',
    sector: 'Technology',
    exchangeMic: 'XSTO',
    countryCode: 'SE',
    currency: 'SEK',
    fttRequired: false,
    businessDescriptionText: 'Payroll and workforce software for Nordic small businesses.',
  },
  {
    kind: 'equity',
    companyName: 'Øresund Logistics A/S',
    ticker: 'ORSL',
    sector: 'Transportation',
    exchangeMic: 'XCSE',
    countryCode: 'DK',
    currency: 'DKK',
    fttRequired: false,
    businessDescriptionText: 'Cold-chain warehousing and freight across Denmark and southern Sweden.',
  },
  {
    kind: 'equity',
    companyName: 'Pennine Water Holdings plc',
    ticker: 'PWH',
    sector: 'Utilities',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBP',
    fttRequired: false,
    businessDescriptionText: 'Regulated water and waste-water services in northern England.',
  },
  {
    kind: 'equity',
    companyName: 'Celtic Sea Minerals plc',
    ticker: 'CSM',
    sector: 'Materials',
    exchangeMic: 'AIMX',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: '',
  },
  {
    kind: 'equity',
    companyName: 'Atlantic Gateway Retail plc',
    ticker: 'AGR',
    sector: 'Consumer Discretionary',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: 'Outdoor clothing and equipment, 140 stores and online.',
  },
  {
    kind: 'trust',
    companyName: 'Caledonian Smaller Companies Trust plc',
    ticker: 'CSCT',
    sector: 'Investment Trusts',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: 'Closed-ended fund investing in UK smaller companies.',
  },
  {
    kind: 'trust',
    companyName: 'Meridian Infrastructure Income Fund Ltd',
    ticker: 'MIIF',
    sector: 'Investment Trusts',
    exchangeMic: 'XLON',
    countryCode: 'GG',
    currency: 'GBP',
    fttRequired: false,
    businessDescriptionText: 'Guernsey-incorporated fund owning core infrastructure assets with inflation-linked revenues.',
  },
  {
    kind: 'trust',
    companyName: 'Baltic Growth Investment Trust plc',
    ticker: 'BGIT',
    sector: 'Investment Trusts',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBX',
    fttRequired: false,
    businessDescriptionText: 'Listed and unlisted growth companies in the Baltic states.',
  },
  {
    kind: 'spac',
    companyName: 'Thames Acquisition Corp',
    ticker: 'TAC',
    sector: 'Financials',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'USD',
    fttRequired: false,
    businessDescriptionText: 'Special purpose acquisition company targeting European fintech.',
  },
  {
    kind: 'spac',
    companyName: 'Nordic Horizon Acquisition AB',
    ticker: 'NHAC',
    sector: 'Financials',
    exchangeMic: 'XSTO',
    countryCode: 'SE',
    currency: 'SEK',
    fttRequired: false,
    businessDescriptionText: 'Special purpose acquisition company focused on Nordic clean technology.',
  },
  {
    kind: 'gov',
    companyName: 'UK Debt Management Office',
    ticker: 'UKT',
    sector: 'Government',
    exchangeMic: 'XLON',
    countryCode: 'GB',
    currency: 'GBP',
    fttRequired: false,
    businessDescriptionText: 'Executive agency of HM Treasury issuing gilts on behalf of the government.',
  },
  {
    kind: 'gov',
    companyName: 'Irish National Treasury Management Agency',
    ticker: 'IRISH',
    sector: 'Government',
    exchangeMic: 'XDUB',
    countryCode: 'IE',
    currency: 'EUR',
    fttRequired: false,
    businessDescriptionText: 'Manages the borrowing of the Irish state.',
  },
];

/** offerType and issuer kind of each offerSubType; the 12 rows are cycled three times. */
const SUB_TYPES: ReadonlyArray<{ offerType: OfferType; offerSubType: OfferSubType; kind: IssuerKind; label: string }> = [
  { offerType: 'primary_placing', offerSubType: 'company_placing', kind: 'equity', label: 'placing and retail offer' },
  { offerType: 'primary_placing', offerSubType: 'investment_trust', kind: 'trust', label: 'placing of new ordinary shares' },
  { offerType: 'primary_placing', offerSubType: 'intermediary_offer', kind: 'equity', label: 'intermediaries offer' },
  { offerType: 'secondary_placing', offerSubType: 'blocks', kind: 'equity', label: 'accelerated block sale' },
  { offerType: 'secondary_placing', offerSubType: 'fully_marketed_offer', kind: 'equity', label: 'fully marketed secondary offer' },
  { offerType: 'ipo', offerSubType: 'company_ipo', kind: 'equity', label: 'initial public offering' },
  { offerType: 'ipo', offerSubType: 'investment_trust_ipo', kind: 'trust', label: 'investment trust IPO' },
  { offerType: 'ipo', offerSubType: 'spac_ipo', kind: 'spac', label: 'SPAC IPO' },
  { offerType: 'ipo', offerSubType: 'de_spac_ipo', kind: 'spac', label: 'de-SPAC listing' },
  { offerType: 'ipo', offerSubType: 're_ipo', kind: 'equity', label: 're-IPO' },
  { offerType: 'fixed_income', offerSubType: 'corporate_bond', kind: 'equity', label: 'retail bond' },
  { offerType: 'fixed_income', offerSubType: 'government_bond', kind: 'gov', label: 'gilt syndication' },
];

const ORDER_LIMITS: ReadonlyArray<[min: number, max: number]> = [
  [100, 25000],
  [250, 100000],
  [1000, 500000],
  [50, 20000],
  [12.5, 15000.75],
  [500, 1000000],
];

const DISCLAIMERS = [
  'Capital at risk. The value of shares can fall as well as rise.\nPast performance is not a guide to future returns.',
  'This offer is not available to persons in the United States, Canada, Australia or Japan.',
  '',
  'Investors should read the prospectus before applying.\r\nCapital at risk.',
];

const RESTRICTIONS = [
  'UK residents only.',
  'Open to residents of the EEA and the UK.',
  '',
  'Not for US persons.\nNot for residents of sanctioned jurisdictions.',
];

const SELLERS = ['Harbour Lane Capital LLP', 'Founders Holdco Ltd', 'Greystone Pension Trustees Ltd'];

const CLOSED_BASE = Date.UTC(2024, 1, 5, 8, 0, 0); // closed offers run in 2024
const OPEN_BASE = Date.UTC(2025, 2, 3, 8, 0, 0); // open offers start in 2025 and close in 2030
const OPEN_END = Date.UTC(2030, 5, 28, 16, 30, 0);
const MODIFIED_BASE = Date.UTC(2025, 11, 1, 7, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Offers at these two positions share one lastModifiedOn instant (the inclusive-boundary case). */
export const SHARED_MODIFIED_PAIR = [3, 10] as const;

const iso = (ms: number): string => new Date(ms).toISOString();

function documentsFor(i: number, slug: string): OfferingDocument[] {
  if (i % 4 === 1) return [];
  const all: OfferingDocument[] = [
    { title: 'Prospectus', documentUrl: `https://docs.reference.example/${slug}/prospectus.pdf` },
    { title: 'Key information document', documentUrl: `https://docs.reference.example/${slug}/kid.pdf?version=2` },
    { title: 'Terms and conditions of the retail offer', documentUrl: `https://docs.reference.example/${slug}/terms.pdf` },
  ];
  return all.slice(0, 1 + (i % 3));
}

export function buildOffers(): Offer[] {
  const random = mulberry32(SEED);
  const pools = new Map<IssuerKind, IssuerRow[]>();
  for (const row of ISSUERS) pools.set(row.kind, [...(pools.get(row.kind) ?? []), row]);
  const used = new Map<IssuerKind, number>();
  const issuerIds = new Map<string, string>(ISSUERS.map((row) => [row.ticker, uuidFrom(random)]));
  const modifiedOrder = permutation(random, OFFER_COUNT);

  const offers: Offer[] = [];
  for (let i = 0; i < OFFER_COUNT; i++) {
    const round = Math.floor(i / SUB_TYPES.length);
    const kindRow = SUB_TYPES[i % SUB_TYPES.length];
    const pool = pools.get(kindRow.kind)!;
    const turn = used.get(kindRow.kind) ?? 0;
    used.set(kindRow.kind, turn + 1);
    const issuer = pool[turn % pool.length];

    // Each subtype alternates open/closed across its three rounds.
    const closed = ((i % SUB_TYPES.length) + round) % 2 === 0;
    const closedEarly = closed && i % 4 === 0;
    const noPrice = kindRow.offerType === 'ipo' && round !== 1;
    const isBond = kindRow.offerType === 'fixed_income';
    const currency: Currency = isBond && issuer.currency === 'GBX' ? 'GBP' : issuer.currency;
    const [hardMinLimit, hardMaxLimit] = isBond ? [1000, 250000] : ORDER_LIMITS[i % ORDER_LIMITS.length];
    const offerPrice = noPrice ? 0 : isBond ? 100 : roundTo(20 + random() * 480, 1);
    const discount = noPrice ? null : i % 3 === 0 ? 0 : roundTo(random() * 8, 1);

    const start = closed ? CLOSED_BASE + i * 9 * DAY : OPEN_BASE + i * 5 * DAY + 30 * 60_000;
    const end = closed ? start + (7 + (i % 3) * 7) * DAY + 8 * HOUR : OPEN_END;
    const earlyClose = closedEarly ? end - 2 * DAY - 3 * HOUR : undefined;
    const admission = closed ? end + 3 * DAY : OPEN_END + 3 * DAY;
    const modified = MODIFIED_BASE + modifiedOrder[i] * (7 * HOUR + 13 * 60_000) + ((modifiedOrder[i] * 37) % 1000);

    const title = `${issuer.companyName} ${kindRow.label}`;
    const slug = `${issuer.ticker.toLowerCase()}-${i + 1}`;
    const offer: Offer = {
      id: uuidFrom(random),
      offerType: kindRow.offerType,
      offerSubType: kindRow.offerSubType,
      details: {
        status: closed ? 'closed_for_subscription' : 'open_for_subscription',
        countryCode: issuer.countryCode,
        type: kindRow.offerType === 'ipo' ? 'ipo' : 'follow_on',
        subType: 'primary',
        estTargetRaise: null,
        pressReleaseLink: i % 5 === 2 ? '' : `https://news.reference.example/${slug}`,
        membershipRequired: 'no',
        offeringDocuments: documentsFor(i, slug),
      },
      textProperties: {
        legalDisclaimer: DISCLAIMERS[i % DISCLAIMERS.length],
        title,
        specialInstruction:
          i % 2 === 0 ? '' : 'Applications must be received by 12:00 on the closing day.\nLate applications will not be accepted.',
        companyAnnouncements:
          i % 3 === 2
            ? ''
            : `${issuer.companyName} announces its ${kindRow.label}.\n\nFurther details are set out in the offering documents.`,
        priceless: noPrice ? 'The offer price will be set by bookbuild at the close of the offer.' : '',
        useOfProceeds: isBond
          ? 'General corporate purposes and refinancing.'
          : i % 4 === 3
            ? ''
            : 'Growth capital, working capital\nand repayment of the revolving credit facility.',
        restriction: RESTRICTIONS[i % RESTRICTIONS.length],
        offerDiscount: discount ? `${discount}% discount to the closing price on the day before launch` : null,
      },
      pricingAndOrderLimits: {
        acceptedCurrency: currency,
        priceType: noPrice ? 'no_price' : 'fixed',
        offerPrice,
        currency,
        hardMaxLimit,
        hardMinLimit,
        discount,
        discountTo: null,
        discountFrom: null,
      },
      dates: {
        offerStartDateTime: iso(start),
        offerEndDateTime: iso(end),
        ...(earlyClose === undefined ? {} : { offerEarlyClose: iso(earlyClose) }),
        lastModifiedOn: iso(modified),
        admissionDateTime: iso(admission),
      },
      issuer: {
        id: issuerIds.get(issuer.ticker)!,
        businessDescriptionText: issuer.businessDescriptionText,
        companyName: issuer.companyName,
        exchangeMic: issuer.exchangeMic,
        ticker: issuer.ticker,
        sector: issuer.sector,
        ...(i % 3 === 0 ? {} : { securityIdentifier: isinFor(issuer.countryCode, random) }),
        fttRequired: issuer.fttRequired,
        sellerName: kindRow.offerType === 'secondary_placing' ? SELLERS[i % SELLERS.length] : '',
        issuerType: 'company',
      },
    };
    offers.push(offer);
  }
  const [a, b] = SHARED_MODIFIED_PAIR;
  offers[b].dates.lastModifiedOn = offers[a].dates.lastModifiedOn;
  return offers;
}

/** ISIN-shaped identifier (country, 9 alphanumerics, a digit); not a real check digit. */
function isinFor(countryCode: string, random: () => number): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const body = Array.from({ length: 9 }, () => alphabet[intBetween(random, 0, alphabet.length - 1)]).join('');
  return `${countryCode}${body}${intBetween(random, 0, 9)}`;
}

/** The seeded offers, frozen: every server instance shares them and nothing may change them. */
export const SEED_OFFERS: readonly Offer[] = deepFreeze(buildOffers());

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export { deepFreeze };
