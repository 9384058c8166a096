// The client of `rulebook lsp` for VS Code: it starts the server for rule files (`.game`)
// and restarts it when asked or when `rulebook.path` changes. Everything else (the
// diagnostics, hover, completion, definition, rename, formatting, the outline, the
// quick fixes) comes from the server.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

/** The client of a server started as the setting `rulebook.path` says. */
function newClient() {
  const command = vscode.workspace.getConfiguration("rulebook").get("path", "rulebook");
  const server = { command, args: ["lsp"] };
  return new LanguageClient(
    "rulebook",
    "Rulebook",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "rulebook" },
        { scheme: "untitled", language: "rulebook" },
      ],
    },
  );
}

/** Stops the running server, if any, and starts a new one. */
async function restart() {
  if (client) {
    await client.stop();
  }
  client = newClient();
  await client.start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("rulebook.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((change) => {
      if (change.affectsConfiguration("rulebook.path")) {
        return restart();
      }
    }),
  );
  try {
    await restart();
  } catch (error) {
    vscode.window.showErrorMessage(
      `Could not start \`rulebook lsp\` (${error}): is \`rulebook\` installed, or \`rulebook.path\` set?`,
    );
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
