import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } })
page.on('console', (m) => console.log('console', m.type(), m.text()))
for (const block of ['9515350', '4306300', '16500000', '1755635']) {
  await page.goto(`http://127.0.0.1:25173/block/${block}?network=mainnet-sample`)
  await page.waitForTimeout(2000)
  const links = await page.locator('a[href*="/tx/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')))
  console.log(block, links.length, links.slice(0, 2))
  if (links.length > 0) {
    await page.locator('a[href*="/tx/"]').first().click()
    await page.waitForTimeout(5000)
    console.log('text:', (await page.locator('main').innerText()).slice(0, 300).replace(/\n/g, ' | '))
    await page.screenshot({ path: `/tmp/sample-tx-${block}.png` })
    await page.goto(page.url())
    await page.waitForTimeout(5000)
    console.log('reload text:', (await page.locator('main').innerText()).slice(0, 300).replace(/\n/g, ' | '))
  }
}
await browser.close()
