// The floating panel's figures (incentive_floating, spec 000 section 3) derived from the monthly
// figures, so the panel and the incentive screen read one source: per report month, the screen's
// four summary figures added up over every target system of the representative code.
import { commendationPart, fiscalYearOf, rewardPart, type MonthFigure } from './figures';

export interface FloatingFigures {
  shoreiRuikeiZokagaku: number;
  shoreiShinchokuJokyo: number;
  hyoshoRuikeiZokagaku: number;
  hyoshoRuikeiKadoId: number;
}

/** The panel's figures for report month (year, month) from the figures of each target system. */
export function floatingFigures(
  bySystem: ReadonlyMap<string, readonly MonthFigure[]>,
  year: number,
  month: number,
): FloatingFigures {
  const out: FloatingFigures = {
    shoreiRuikeiZokagaku: 0,
    shoreiShinchokuJokyo: 0,
    hyoshoRuikeiZokagaku: 0,
    hyoshoRuikeiKadoId: 0,
  };
  const limit = { year, month };
  for (const figures of bySystem.values()) {
    const reward = rewardPart(figures, year, limit);
    const commendation = commendationPart(figures, fiscalYearOf(year, month), limit);
    out.shoreiRuikeiZokagaku += reward.shoreiRuikeiZokagaku;
    out.shoreiShinchokuJokyo += reward.shoreiShinchokuJokyo;
    out.hyoshoRuikeiZokagaku += commendation.hyoshoRuikeiZokagaku;
    out.hyoshoRuikeiKadoId += commendation.hyoshoRuikeiKadoId;
  }
  return out;
}
