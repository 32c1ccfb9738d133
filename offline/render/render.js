// Draws a trend model (the JSON of ZfsReplicationTrend#toModel) with the plugin's own chart script
// and the real ECharts, server-side, into an SVG file:
//   node offline/render/render.js MODEL.json OUT.svg [WIDTH HEIGHT]
'use strict';
const fs = require('fs');
const path = require('path');
const echarts = require('echarts');
const trend = require(path.join(__dirname, '..', '..', 'src', 'main', 'webapp', 'js', 'zfs-replication-trend.js'));

const [modelFile, outFile, width = '800', height = '340'] = process.argv.slice(2);
if (!modelFile || !outFile) {
  console.error('usage: node render.js MODEL.json OUT.svg [WIDTH HEIGHT]');
  process.exit(2);
}
const model = JSON.parse(fs.readFileSync(modelFile, 'utf8'));
const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: Number(width), height: Number(height) });
chart.setOption(trend.option(model));
const svg = chart.renderToSVGString();
chart.dispose();
// write to a temporary name, then rename: a failed run leaves no half-written image
fs.writeFileSync(outFile + '.tmp', svg + '\n');
fs.renameSync(outFile + '.tmp', outFile);
console.log(`${outFile}: ${model.builds.length} builds, ${svg.length} bytes of SVG (echarts ${echarts.version})`);
