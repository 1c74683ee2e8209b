import type { Company } from '@/sandbox/directory';
import { countryName } from '@/sandbox/geo';

export interface CompanyDepth {
  /** companyPremium: firmographics. */
  premium: boolean;
  /** companyFull: firmographics plus the wider cards. */
  full: boolean;
}

/**
 * The `company` block of a full enrichment, as deep as the caller's flags ask. Without a flag
 * it holds the basic facts the live gateway's `company.basic` carries (name, website,
 * industry, size and where it is).
 */
export function companyBlock(company: Company, depth: CompanyDepth): Record<string, unknown> {
  const block: Record<string, unknown> = {
    name: company.name,
    domain: company.domain,
    networkUrl: company.networkUrl,
    website: company.website,
    industry: company.industry,
    size: company.size,
    city: company.headquarters.city,
    region: company.headquarters.region,
    country: company.headquarters.country,
  };
  if (depth.premium || depth.full) {
    Object.assign(block, {
      industry: company.industry,
      type: company.type,
      size: company.size,
      employeeCount: company.employeeCount,
      founded: company.founded,
      website: company.website,
      phone: company.phone,
      description: company.description,
      headquarters: { ...company.headquarters, countryName: countryName(company.headquarters.country) },
      socials: {
        networkUrl: company.networkUrl,
        microblogUsername: company.microblogUsername,
        microblogUrl: company.microblogUsername ? `https://x.com/${company.microblogUsername}` : null,
      },
    });
  }
  if (depth.full) {
    Object.assign(block, {
      specialties: company.specialties,
      revenueRange: company.revenueRange,
      funding: company.funding,
      technologies: company.technologies,
      locations: company.locations,
      emailPattern: company.emailPattern,
    });
  }
  return block;
}
