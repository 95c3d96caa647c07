'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by a worker thread without a compiler (ADR 0194) */
/**
 * The report PDF, drawn with pdfkit in a worker thread (ADR 0194): laying out pages and subsetting
 * the Chinese font take a few hundred milliseconds of CPU, which must not stall the server's event
 * loop. Plain CommonJS, so Node loads it as it is under tsx, jest and `next start` alike.
 *
 * Message in: {id, content} (a ReportContent, lib/shared/enterprise-report/report.types.ts).
 * Message out: {id, ok: true, pdf: Uint8Array} or {id, ok: false, error}.
 */
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const PDFDocument = require('pdfkit');

/*
 * A report is background work: on Linux a nice value belongs to the thread that sets it, so this
 * worker thread yields the cores to the event loop that answers requests (company search beside
 * ten reports, issue 32). Best effort: a system that refuses leaves the default.
 */
const BACKGROUND_NICE = 10;
try {
  os.setPriority(BACKGROUND_NICE);
} catch {
  // not allowed here: the worker runs at the server's priority
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = A4.width - MARGIN * 2;
const BOTTOM = A4.height - MARGIN - 18;
const BLUE = '#1f5fbf';
const GREY = '#6b7280';
const LINE = '#d9dee7';
const LEVEL = {
  high: { text: '高风险', color: '#c0392b' },
  medium: { text: '关注', color: '#d4820f' },
  low: { text: '提示', color: '#2f7dd1' },
  info: { text: '信息', color: '#3a8f5c' },
};

/**
 * The font: REPORT_FONT_PATH (and REPORT_FONT_BOLD_PATH) when set, else Noto Sans SC from the npm
 * package @expo-google-fonts/noto-sans-sc (installed with the app: no system font needed), read
 * once per worker. pdfkit embeds only the glyphs a report uses.
 */
let fonts = null;
function loadFonts() {
  if (fonts) return fonts;
  const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const regular =
    process.env.REPORT_FONT_PATH || path.join(dir, '400Regular', 'NotoSansSC_400Regular.ttf');
  const bold =
    process.env.REPORT_FONT_BOLD_PATH ||
    (process.env.REPORT_FONT_PATH ? regular : path.join(dir, '700Bold', 'NotoSansSC_700Bold.ttf'));
  fonts = { regular: fs.readFileSync(regular), bold: fs.readFileSync(bold) };
  return fonts;
}

function pad2(n) {
  return String(n).padStart(2, '0');
}

/** Beijing time, as every date in the product. */
function chinaTime(ms) {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(
    d.getUTCHours(),
  )}:${pad2(d.getUTCMinutes())}`;
}

function render(content) {
  const f = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: true,
    info: {
      Title: `${content.entName} 企业报告`,
      Subject: content.templateName,
      Creator: '拓客雷达',
      Producer: '拓客雷达',
    },
    lang: 'zh-CN',
  });
  doc.registerFont('R', f.regular);
  doc.registerFont('B', f.bold);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ensure = (h) => {
    if (doc.y + h > BOTTOM) doc.addPage();
  };

  // ---- Cover block ----
  doc.rect(0, 0, A4.width, 6).fill(BLUE);
  doc.font('B').fontSize(20).fillColor('#111827');
  doc.text(content.entName, MARGIN, MARGIN + 8, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  doc.font('R').fontSize(12).fillColor(BLUE).text(`企业报告 · ${content.templateName}`);
  doc.moveDown(0.3);
  doc
    .fontSize(9)
    .fillColor(GREY)
    .text(`统一社会信用代码：${content.uncid}    生成时间：${chinaTime(content.generatedAt)}`);
  doc.text(content.source);
  doc.moveDown(0.4);
  doc.font('R').fontSize(9).fillColor(GREY);
  doc.text(`目录：${content.sections.map((s, i) => `${i + 1}. ${s.title}`).join('  ')}`, {
    width: CONTENT_WIDTH,
  });
  doc.moveDown(0.6);

  content.sections.forEach((section, i) => {
    // A heading with room for what follows it, not alone at a page's foot.
    ensure(110);
    const y = doc.y;
    doc.rect(MARGIN, y, 4, 18).fill(BLUE);
    doc
      .font('B')
      .fontSize(14)
      .fillColor('#111827')
      .text(`${i + 1}. ${section.title}`, MARGIN + 12, y + 1, { width: CONTENT_WIDTH - 12 });
    doc.moveDown(0.5);
    for (const block of section.blocks) drawBlock(doc, block, ensure);
    doc.moveDown(0.6);
  });

  // ---- Page footers ----
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('R')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${content.entName} 企业报告 · 拓客雷达    第 ${p + 1} 页 / 共 ${range.count} 页`,
        MARGIN,
        A4.height - MARGIN + 10,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}

function subTitle(doc, text, ensure) {
  ensure(40);
  doc
    .font('B')
    .fontSize(11)
    .fillColor('#1f2937')
    .text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.25);
}

function drawBlock(doc, block, ensure) {
  switch (block.kind) {
    case 'fields':
      return drawFields(doc, block.items, ensure);
    case 'paragraph':
      if (block.title) subTitle(doc, block.title, ensure);
      ensure(20);
      doc.font('R').fontSize(9.5).fillColor('#374151');
      doc.text(block.text, MARGIN, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
      doc.moveDown(0.6);
      return;
    case 'table':
      return drawTable(doc, block, ensure);
    case 'tree':
      subTitle(doc, block.title, ensure);
      if (block.lines.length === 0) return emptyText(doc, block.empty, ensure);
      doc.font('R').fontSize(9.5).fillColor('#374151');
      for (const line of block.lines) {
        ensure(14);
        const indent = Math.min(line.depth, 6) * 16;
        doc.text(`${line.depth > 0 ? '└ ' : ''}${line.text}`, MARGIN + indent, doc.y, {
          width: CONTENT_WIDTH - indent,
        });
      }
      doc.moveDown(0.6);
      return;
    case 'notes':
      subTitle(doc, block.title, ensure);
      for (const item of block.items) {
        ensure(16);
        const level = LEVEL[item.level] || LEVEL.info;
        const y = doc.y;
        doc.font('B').fontSize(9).fillColor(level.color).text(`【${level.text}】`, MARGIN, y, {
          width: 60,
        });
        doc
          .font('R')
          .fontSize(9.5)
          .fillColor('#374151')
          .text(item.text, MARGIN + 58, y, { width: CONTENT_WIDTH - 58 });
        doc.moveDown(0.15);
      }
      doc.moveDown(0.5);
      return;
    case 'empty':
      return emptyText(doc, block.text, ensure);
    default:
      return undefined;
  }
}

function emptyText(doc, text, ensure) {
  ensure(18);
  doc.font('R').fontSize(9.5).fillColor(GREY).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
}

/** A row's bottom rule; the next row starts under it at the left margin. */
function endRow(doc, bottom) {
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT_WIDTH, bottom)
    .lineWidth(0.5)
    .stroke(LINE);
  doc.x = MARGIN;
  doc.y = bottom;
}

/** Label and value pairs, two pairs to a row. */
function drawFields(doc, items, ensure) {
  const colW = CONTENT_WIDTH / 2;
  const labelW = 86;
  doc.fontSize(9.5);
  for (let i = 0; i < items.length; i += 2) {
    const pair = items.slice(i, i + 2);
    doc.font('R');
    const h =
      Math.max(...pair.map((it) => doc.heightOfString(it.value, { width: colW - labelW - 8 }))) + 8;
    ensure(h);
    const y = doc.y;
    pair.forEach((it, j) => {
      const x = MARGIN + j * colW;
      doc.rect(x, y, labelW, h).fill('#f3f6fb');
      doc
        .font('R')
        .fontSize(9)
        .fillColor(GREY)
        .text(it.label, x + 6, y + 4, { width: labelW - 10 });
      doc
        .font('R')
        .fontSize(9.5)
        .fillColor('#111827')
        .text(it.value, x + labelW + 6, y + 4, { width: colW - labelW - 10 });
    });
    endRow(doc, y + h);
  }
  doc.moveDown(0.6);
}

/** Columns this narrow (dates, ratios, short names) keep their width and never wrap. */
const SNUG = 96;

/**
 * Column widths by the longest text each column holds (header included): narrow columns keep what
 * they need, the wide ones (names, changes) share the rest in proportion.
 */
function columnWidths(doc, columns, rows) {
  doc.font('R').fontSize(9);
  const want = columns.map((c, j) => {
    let w = doc.widthOfString(c);
    for (const r of rows.slice(0, 30)) w = Math.max(w, doc.widthOfString(r[j] || ''));
    return Math.min(Math.max(w + 12, 40), 260);
  });
  const snug = want.reduce((a, w) => a + (w <= SNUG ? w : 0), 0);
  const wide = want.reduce((a, w) => a + (w > SNUG ? w : 0), 0);
  if (wide === 0 || snug >= CONTENT_WIDTH * 0.7) {
    const sum = snug + wide;
    return want.map((w) => (w / sum) * CONTENT_WIDTH);
  }
  return want.map((w) => (w <= SNUG ? w : (w / wide) * (CONTENT_WIDTH - snug)));
}

function drawTable(doc, block, ensure) {
  const note =
    block.total > block.rows.length
      ? `（共 ${block.total} 条，展示前 ${block.rows.length} 条）`
      : '';
  if (block.rows.length === 0) {
    subTitle(doc, `${block.title}${note}`, ensure);
    return emptyText(doc, block.empty, ensure);
  }
  const widths = columnWidths(doc, block.columns, block.rows);
  const cellH = (row, font, size) => {
    doc.font(font).fontSize(size);
    return (
      Math.max(...row.map((t, j) => doc.heightOfString(t || '', { width: widths[j] - 8 }))) + 8
    );
  };
  // The title, the header and the first row start on one page: no title alone at a page's foot.
  ensure(24 + cellH(block.columns, 'B', 9) + cellH(block.rows[0], 'R', 9));
  subTitle(doc, `${block.title}${note}`, ensure);
  const drawRow = (row, header) => {
    const h = cellH(row, header ? 'B' : 'R', 9);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, CONTENT_WIDTH, h).fill('#eef2f8');
    let x = MARGIN;
    row.forEach((t, j) => {
      doc
        .font(header ? 'B' : 'R')
        .fontSize(9)
        .fillColor(header ? '#1f2937' : '#374151')
        .text(t || '', x + 4, y + 4, { width: widths[j] - 8 });
      x += widths[j];
    });
    endRow(doc, y + h);
  };
  drawRow(block.columns, true);
  for (const row of block.rows) {
    const h = cellH(row, 'R', 9);
    if (doc.y + h > BOTTOM) {
      doc.addPage();
      drawRow(block.columns, true);
    }
    drawRow(row, false);
  }
  doc.moveDown(0.8);
}

parentPort.on('message', async (msg) => {
  try {
    const pdf = await render(msg.content);
    const out = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    parentPort.postMessage({ id: msg.id, ok: true, pdf: out });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String((err && err.message) || err) });
  }
});
