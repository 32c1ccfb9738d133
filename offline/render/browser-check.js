// Checks the job page's trend in headless Chromium, the way Jenkins serves it: a page under a
// Content-Security-Policy that forbids inline script, the model as an HTML-escaped data-model
// attribute (as floatingBox.jelly writes it), echarts.min.js and the plugin's script as files.
// Then it clicks a bar and the empty column of another build and expects each build's page.
//   node offline/render/browser-check.js MODEL.json OUT.png
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const { chromium } = require('playwright-core');

const [modelFile, outFile] = process.argv.slice(2);
if (!modelFile || !outFile) {
  console.error('usage: node browser-check.js MODEL.json OUT.png');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const JOB = '/job/nightly/';
const model = JSON.parse(fs.readFileSync(modelFile, 'utf8'));
const files = {
  '/echarts.min.js': require.resolve('echarts/dist/echarts.min.js'),
  '/zfs-replication-trend.js': path.join(__dirname, '..', '..', 'src', 'main', 'webapp', 'js', 'zfs-replication-trend.js')
};

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const page = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>nightly</title></head><body>'
  + '<div class="test-trend-caption">ZFS replication</div>'
  + '<div class="zfs-replication-trend" data-model="' + escapeAttribute(fs.readFileSync(modelFile, 'utf8')) + '"'
  + ' data-job-url="' + JOB + '"></div>'
  + '<script src="/echarts.min.js"></script><script src="/zfs-replication-trend.js"></script></body></html>';

const server = http.createServer((request, response) => {
  const headers = { 'Content-Security-Policy': "default-src 'self'; script-src 'self'; img-src 'self' data:" };
  if (request.url === JOB) {
    response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
    response.end(page);
  } else if (files[request.url]) {
    response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' });
    response.end(fs.readFileSync(files[request.url]));
  } else if (request.url.startsWith(JOB)) {
    response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
    response.end('<html><body>build page</body></html>');
  } else if (request.url === '/favicon.ico') {
    response.writeHead(204); // the browser asks for it; not part of the check
    response.end();
  } else {
    response.writeHead(404);
    response.end();
  }
});

function fail(message) {
  throw new Error(message);
}

async function clickAndExpect(browserPage, base, point, build) {
  await browserPage.mouse.click(point[0], point[1]);
  await browserPage.waitForURL(base + JOB + build + '/', { timeout: 5000 })
    .catch(() => fail(`clicking at ${point} should open build ${build}, but the page is ${browserPage.url()}`));
  await browserPage.goBack();
  await browserPage.waitForSelector('.zfs-replication-trend canvas');
}

async function main() {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = 'http://127.0.0.1:' + server.address().port;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync']
  });
  try {
    const browserPage = await browser.newPage({ viewport: { width: 640, height: 420 } });
    const errors = [];
    browserPage.on('pageerror', (error) => errors.push(error.message));
    browserPage.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await browserPage.goto(base + JOB);
    await browserPage.waitForSelector('.zfs-replication-trend canvas', { timeout: 10000 });
    if (errors.length) fail('the page reported errors: ' + errors.join('; '));

    // where ECharts put the bar of the largest transfer, and the middle of another build's column
    const biggest = model.bytesSent.indexOf(Math.max(...model.bytesSent));
    const other = biggest === 0 ? 1 : 0;
    const points = await browserPage.evaluate(([b, o, value]) => {
      const element = document.querySelector('.zfs-replication-trend');
      const chart = window.echarts.getInstanceByDom(element);
      const box = element.getBoundingClientRect();
      const bar = chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [b, value / 2]);
      const column = chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [o, 0]);
      return { bar: [box.left + bar[0], box.top + bar[1]], gap: [box.left + column[0], box.top + 40] };
    }, [biggest, other, model.bytesSent[biggest]]);
    await browserPage.screenshot({ path: outFile, clip: { x: 0, y: 0, width: 640, height: 400 } });
    const mismatch = model.verdicts.indexOf('MISMATCH');
    if (mismatch >= 0) {
      const mark = await browserPage.evaluate((i) => {
        const element = document.querySelector('.zfs-replication-trend');
        const box = element.getBoundingClientRect();
        const p = window.echarts.getInstanceByDom(element).convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [i, 0]);
        return [box.left + p[0], box.top + 100];
      }, mismatch);
      await browserPage.mouse.move(mark[0], mark[1]);
      const expected = 'verify: MISMATCH (' + model.differences[mismatch] + ' difference(s))';
      await browserPage.getByText(expected).waitFor({ timeout: 5000 })
        .catch(() => fail(`hovering build #${model.builds[mismatch]} should show "${expected}"`));
    }
    await clickAndExpect(browserPage, base, points.bar, model.builds[biggest]);
    await clickAndExpect(browserPage, base, points.gap, model.builds[other]);
    console.log(`${outFile}: drawn under CSP script-src 'self'; the tooltip names the mismatch; the bar of `
      + `#${model.builds[biggest]} and the column of #${model.builds[other]} open their builds`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error('browser check failed: ' + error.message);
  server.close();
  process.exit(1);
});
