/*
 * The job page's ZFS replication trend (floatingBox.jelly of ZfsReplicationJobAction).
 *
 * Every element with the class "zfs-replication-trend" names the proxy of the job action (data-proxy,
 * made by st:bind) whose getTrendModel returns the trend model (JSON, see ZfsReplicationTrend#toModel),
 * or carries the model itself (data-model), and the job's URL (data-job-url). This file
 * turns the model into an ECharts option and draws it with the echarts global that echarts-api
 * provides. No inline script: Jenkins' Content-Security-Policy forbids it, so the page only
 * references this file. The option builder is also exported for Node (bin/render-trend draws the
 * guide's image with it).
 */
(function (root) {
  'use strict';

  var UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  var VERDICT_COLORS = { IDENTICAL: '#2e7d32', MISMATCH: '#c62828', HASHED: '#9e9e9e' };
  var VERDICT_WORDS = { IDENTICAL: 'identical', MISMATCH: 'MISMATCH', HASHED: 'hashed, not compared', NONE: 'not verified' };
  var HEIGHT = 340;
  var WIDTH = 500;

  /** 1024-based, one decimal, as the plugin's own reports write sizes ("6.0 MiB"). */
  function human(bytes) {
    var value = Number(bytes) || 0;
    var unit = 0;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit === 0 ? value.toFixed(0) + ' B' : value.toFixed(1) + ' ' + UNITS[unit];
  }

  /**
   * A tick interval in whole binary units (1, 2 or 5 times a power of ten of KiB, MiB, ...) that
   * gives at most 5 ticks up to max, so the axis reads "2.0 GiB, 4.0 GiB" and not "953.7 MiB".
   */
  function binaryInterval(max) {
    var unit = 1;
    while (max / unit >= 1024 && unit < Math.pow(1024, UNITS.length - 1)) {
      unit *= 1024;
    }
    var steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
    for (var i = 0; i < steps.length; i++) {
      if (max / (steps[i] * unit) <= 5) {
        return steps[i] * unit;
      }
    }
    return 1024 * unit;
  }

  function bytesAxis(gridIndex, values, suffix) {
    var max = Math.max.apply(null, values.concat([1]));
    var interval = binaryInterval(max);
    return {
      type: 'value', gridIndex: gridIndex, interval: interval, max: Math.ceil(max / interval) * interval,
      splitLine: { show: suffix === '' },
      axisLabel: { formatter: function (v) { return human(v) + suffix; } }
    };
  }

  function column(model, name) {
    var values = model[name];
    if (!Array.isArray(values) || values.length !== model.builds.length) {
      throw new Error('trend model: series "' + name + '" does not have one value per build');
    }
    return values;
  }

  /** "5d", "12h", "40m": the age of the oldest coverage match, as the plugin's reports write ages. */
  function age(seconds) {
    var s = Number(seconds) || 0;
    return s >= 86400 ? Math.floor(s / 86400) + 'd' : s >= 3600 ? Math.floor(s / 3600) + 'h' : Math.floor(s / 60) + 'm';
  }

  /** The tooltip of build i: plain text lines (ECharts renders the string as HTML, so no markup from data). */
  function describe(model, i) {
    var verdict = VERDICT_WORDS[model.verdicts[i]] || 'unknown';
    if (model.verdicts[i] === 'MISMATCH') {
      verdict += ' (' + Number(model.differences[i]) + ' difference(s))';
    }
    var coverage = model.coverage[i] === null ? 'not run'
      : Number(model.coverage[i]).toFixed(1) + '% matched, the oldest match ' + age(model.coverageAge[i]) + ' old';
    return ['build #' + Number(model.builds[i]),
      'sent: ' + human(model.bytesSent[i]) + ' at ' + human(model.throughput[i]) + '/s',
      'datasets: ' + Number(model.datasets[i]) + ', skipped steps: ' + Number(model.stepsSkipped[i])
        + ', failed steps: ' + Number(model.stepsFailed[i]),
      'snapshots pruned: ' + Number(model.snapshotsPruned[i]) + ', kept: ' + Number(model.snapshotsKept[i]),
      'verify: ' + verdict,
      'coverage: ' + coverage].join('<br/>');
  }

  /** The coverage in per cent per build (null: no zfsCoverage), its ages checked to match too. */
  function coverageColumn(model) {
    column(model, 'coverageAge');
    return column(model, 'coverage');
  }

  function xAxis(labels, gridIndex, showLabels) {
    return {
      type: 'category', gridIndex: gridIndex, data: labels, axisTick: { alignWithLabel: true },
      axisLabel: { show: showLabels, hideOverlap: true }
    };
  }

  /** The ECharts option of a trend model: three stacked grids sharing the builds as x axis. */
  function option(model) {
    if (!model || model.format !== 1 || !Array.isArray(model.builds)) {
      throw new Error('not a trend model of format 1');
    }
    var labels = model.builds.map(function (b) { return '#' + Number(b); });
    var verdicts = column(model, 'verdicts');
    var marks = [];
    verdicts.forEach(function (verdict, i) {
      if (VERDICT_COLORS[verdict]) {
        marks.push({ value: [i, 0], name: verdict, itemStyle: { color: VERDICT_COLORS[verdict] } });
      }
    });
    return {
      animation: false,
      legend: { top: 0, itemGap: 24, data: ['bytes sent', 'throughput', 'snapshots pruned', 'coverage'] },
      tooltip: { trigger: 'axis', formatter: function (params) { return describe(model, params[0].dataIndex); } },
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      grid: [
        { left: 70, right: 80, top: 34, height: 160 },
        { left: 70, right: 80, top: 212, height: 56 },
        { left: 70, right: 80, top: 284, height: 18 }
      ],
      xAxis: [xAxis(labels, 0, false), xAxis(labels, 1, false), xAxis(labels, 2, true)],
      yAxis: [
        bytesAxis(0, column(model, 'bytesSent'), ''),
        bytesAxis(0, column(model, 'throughput'), '/s'),
        { type: 'value', gridIndex: 1, minInterval: 1, splitNumber: 2 },
        { type: 'value', gridIndex: 1, min: 0, max: 100, interval: 50, splitLine: { show: false },
          axisLabel: { formatter: '{value}%' } },
        { type: 'category', gridIndex: 2, data: ['verify'], axisTick: { show: false } }
      ],
      series: [
        { name: 'bytes sent', type: 'bar', xAxisIndex: 0, yAxisIndex: 0, data: column(model, 'bytesSent'),
          itemStyle: { color: '#4e79a7' } },
        { name: 'throughput', type: 'line', xAxisIndex: 0, yAxisIndex: 1, data: column(model, 'throughput'),
          itemStyle: { color: '#f28e2b' }, symbolSize: 6 },
        { name: 'snapshots pruned', type: 'bar', xAxisIndex: 1, yAxisIndex: 2, data: column(model, 'snapshotsPruned'),
          itemStyle: { color: '#b07aa1' } },
        // the share of the copy matched within N nights after each build's zfsCoverage; a gap where none ran
        { name: 'coverage', type: 'line', xAxisIndex: 1, yAxisIndex: 3, data: coverageColumn(model), connectNulls: false,
          itemStyle: { color: '#59a14f' }, lineStyle: { color: '#59a14f' }, symbolSize: 5 },
        { name: 'verify', type: 'scatter', xAxisIndex: 2, yAxisIndex: 4, data: marks, symbol: 'rect',
          symbolSize: [14, 14] }
      ]
    };
  }

  /** Draws one trend element and makes each build's column a link to that build. */
  /**
   * Draws the trend in element: from its data-model when it carries one (bin/render-trend, the
   * browser check), else from the model the job action returns through the proxy named in
   * data-proxy (the job page: asked for once the page is there, so the page itself reads no build).
   */
  function render(element, echarts) {
    var inline = element.getAttribute('data-model');
    if (inline !== null) {
      return draw(element, echarts, JSON.parse(inline));
    }
    var proxy = root[element.getAttribute('data-proxy')];
    if (proxy && typeof proxy.getTrendModel === 'function') {
      proxy.getTrendModel(function (response) {
        var model = JSON.parse(response.responseObject());
        if (model.builds && model.builds.length > 0) {
          draw(element, echarts, model);
        }
      });
    }
    return null;
  }

  function draw(element, echarts, model) {
    var jobUrl = element.getAttribute('data-job-url');
    if (!element.style.height) {
      element.style.height = HEIGHT + 'px';
    }
    if (!element.clientWidth) {
      element.style.width = WIDTH + 'px';
    }
    var chart = echarts.init(element, null, { renderer: element.getAttribute('data-renderer') || 'canvas' });
    chart.setOption(option(model));
    function open(index) {
      if (index >= 0 && index < model.builds.length) {
        root.location.href = jobUrl + encodeURIComponent(String(Number(model.builds[index]))) + '/';
      }
    }
    chart.on('click', function (params) { open(params.dataIndex); });
    chart.getZr().on('click', function (event) {
      if (!event.target) { // a click beside the bars: the column under the pointer
        open(chart.convertFromPixel({ xAxisIndex: 0 }, event.offsetX));
      }
    });
    root.addEventListener('resize', function () { chart.resize(); });
    return chart;
  }

  function renderAll() {
    if (!root.echarts) {
      return; // echarts-api not loaded: the page stays usable without the chart
    }
    var elements = root.document.querySelectorAll('.zfs-replication-trend');
    for (var i = 0; i < elements.length; i++) {
      render(elements[i], root.echarts);
    }
  }

  var api = { option: option, human: human, render: render };
  if (typeof module !== 'undefined' && module.exports) {
    module.exports = api;
  } else {
    root.zfsReplicationTrend = api;
    if (root.document.readyState === 'loading') {
      root.document.addEventListener('DOMContentLoaded', renderAll);
    } else {
      renderAll();
    }
  }
}(typeof window !== 'undefined' ? window : globalThis));
