import { launchBrowser, signIn, startPortal, dismissAllPopups } from '../e2e/harness';
import { passwordOf } from '../helpers/test-app';
const portal = await startPortal();
const browser = await launchBrowser();
const viewport = { width: 1366, height: 768 };
const c0 = await browser.newContext({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
const p0 = await c0.newPage();
await signIn(portal, p0, 'demo-agent', passwordOf('demo-agent'));
await dismissAllPopups(p0);
const session = await c0.storageState();
await c0.close();
for (let i = 0; i < 3; i++) {
  const ctx = await browser.newContext({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', storageState: session });
  await ctx.addInitScript(`window.__lt=[];new PerformanceObserver((l)=>{for(const e of l.getEntries())window.__lt.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});`);
  const page = await ctx.newPage();
  await page.goto(`${portal.url}/portal-top`, { waitUntil: 'networkidle' });
  const rows = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => [Math.round(r.startTime), Math.round(r.responseEnd), r.initiatorType, r.name.replace(location.origin, '').slice(0, 70)]));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return [Math.round(n.responseEnd), Math.round(n.domContentLoadedEventEnd)]; });
  if (i === 2) console.log('longtasks', JSON.stringify(await page.evaluate(() => (window as unknown as {__lt: unknown}).__lt)));
  if (i === 2) { console.log('nav responseEnd, DCL', nav); for (const r of rows.sort((a, b) => (a[0] as number) - (b[0] as number))) console.log(r.join('\t')); }
  await ctx.close();
}
await browser.close();
await portal.close();
