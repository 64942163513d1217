// The paste box's buttons (docs/web.md, "Paste / copy" and "Keep and share"): Load and Open
// file hand the text to the controller; Copy current, Share link and Download write the shown
// line (persistence.ts) as a `position` command, a link or a game file.

import {
  downloadGame,
  positionCommand,
  type SavedGame,
  shareHash,
  showCopied,
} from "./persistence.js";
import type { PositionInfo } from "./rules-client.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export interface GameIo {
  /** The line to the shown position, with its arrows and circles. */
  line(): SavedGame;
  /** The shown position. */
  info(): PositionInfo | null;
  /** Loads pasted or opened text. */
  load(text: string): void;
}

export function bindGameIo(io: GameIo): void {
  $("io-load").addEventListener("click", () => io.load($<HTMLTextAreaElement>("io-text").value));
  $("io-copy").addEventListener("click", () =>
    showCopied(`${positionCommand(io.line())}\n${io.info()?.sfen ?? ""}`),
  );
  // A link to the shown line in the address bar, the text box and the clipboard.
  $("io-share").addEventListener("click", () => {
    history.replaceState(null, "", shareHash(io.line()));
    showCopied(location.href);
  });
  $("io-download").addEventListener("click", () =>
    downloadGame(io.line(), io.info()?.result ?? "none"),
  );
  $("io-upload").addEventListener("change", async () => {
    const file = $<HTMLInputElement>("io-upload").files?.[0];
    if (file) io.load(await file.text());
  });
  // An error names what was pasted: it goes once the text changes.
  $("io-text").addEventListener("input", () => ($("io-error").textContent = ""));
}
