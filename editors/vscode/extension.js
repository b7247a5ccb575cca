// The VS Code side of zoggo's language server: it starts `zoggo lsp` for ZRF files and
// lets vscode-languageclient speak the protocol to it over the server's standard input
// and output.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('zoggo');
  const command = config.get('path') || 'zoggo';
  const debounce = String(config.get('debounce') || 300);
  const run = { command, args: ['lsp', '--debounce', debounce] };
  client = new LanguageClient('zoggo', 'zoggo', { run, debug: run }, {
    documentSelector: [
      { scheme: 'file', language: 'zrf' },
      { scheme: 'untitled', language: 'zrf' },
    ],
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('zoggo')) {
      vscode.window.showInformationMessage('zoggo: reload the window to use the new settings.');
    }
  }));
  return client.start().catch((err) => {
    vscode.window.showErrorMessage(`zoggo: cannot start "${command} lsp" (${err.message}). Install zoggo, or set zoggo.path to the program.`);
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
