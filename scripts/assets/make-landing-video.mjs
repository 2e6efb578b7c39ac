// One-off asset tool (not part of the build): renders scripts/assets/landing-tour.html frame by frame in the
// system Chromium and encodes public/video/tipjar-tour.{webm,mp4} and the poster with ffmpeg. The outputs are
// committed; run this only to change the video. Needs /usr/bin/chromium and ffmpeg (apt-get install ffmpeg).
//   node scripts/assets/make-landing-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const FPS = 24;
const SECONDS = 8;
const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'public/video');
const frames = mkdtempSync(join(tmpdir(), 'tipjar-tour-'));
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
await page.goto(pathToFileURL(join(root, 'scripts/assets/landing-tour.html')).href);
await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()));
for (let frame = 0; frame < FPS * SECONDS; frame += 1) {
  const ms = (frame * 1000) / FPS;
  await page.evaluate((time) => document.getAnimations().forEach((animation) => (animation.currentTime = time)), ms);
  await page.screenshot({ path: join(frames, `${String(frame).padStart(4, '0')}.png`) });
}
await browser.close();

const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(frames, '%04d.png')];
execFileSync('ffmpeg', [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an', join(out, 'tipjar-tour.webm')]);
execFileSync('ffmpeg', [...input, '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', join(out, 'tipjar-tour.mp4')]);
// The poster is the moment the payment arrives (5 s): the picture that explains the product on its own.
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', join(frames, `${String(5 * FPS).padStart(4, '0')}.png`), '-q:v', '5', join(out, 'tipjar-tour-poster.jpg')]);
rmSync(frames, { recursive: true, force: true });
for (const name of ['tipjar-tour.webm', 'tipjar-tour.mp4', 'tipjar-tour-poster.jpg']) {
  console.log(`${name}: ${(statSync(join(out, name)).size / 1024).toFixed(1)} KB`);
}
