// Checks the ZRF grammar without VS Code: every pattern compiles as a JavaScript regular
// expression (TextMate's Oniguruma reads the same syntax here), and the atoms of a
// sample rules file get the scopes they should.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const grammar = require('../syntaxes/zrf.tmLanguage.json');

// scopeOf returns the name of the first atom pattern that matches the whole atom w
// standing after "(" in a line, or "".
function scopeOf(w) {
  for (const p of grammar.repository.atom.patterns) {
    const re = new RegExp(p.match, 'g');
    const line = '(' + w + ' x)';
    let m;
    while ((m = re.exec(line)) !== null) {
      if (m.index === 1 && m[0] === w) {
        return p.name;
      }
      if (m[0] === '') re.lastIndex++;
    }
  }
  return '';
}

test('patterns compile', () => {
  const all = [];
  (function walk(o) {
    if (Array.isArray(o)) return o.forEach(walk);
    if (o && typeof o === 'object') {
      for (const k of ['match', 'begin', 'end']) if (typeof o[k] === 'string') all.push(o[k]);
      Object.values(o).forEach(walk);
    }
  })(grammar);
  assert.ok(all.length >= 10, `only ${all.length} patterns`);
  for (const re of all) assert.doesNotThrow(() => new RegExp(re), re);
});

test('atoms get their scopes', () => {
  const want = {
    define: 'keyword.control.zrf',
    game: 'keyword.control.zrf',
    'board-setup': 'keyword.other.form.zrf',
    piece: 'keyword.other.form.zrf',
    add: 'keyword.operator.action.zrf',
    'add-partial': 'keyword.operator.action.zrf',
    'empty?': 'support.function.predicate.zrf',
    'not-attacked?': 'support.function.predicate.zrf',
    'my-own-test?': 'support.function.predicate.zrf',
    true: 'constant.language.boolean.zrf',
    '-12': 'constant.numeric.zrf',
    $1: 'variable.parameter.zrf',
    '?Dice': 'variable.other.random-player.zrf',
    Pawn: '',
    a1: '',
    'adds': '',
    'game-over': '',
  };
  for (const [w, scope] of Object.entries(want)) {
    assert.strictEqual(scopeOf(w), scope, w);
  }
});

test('comments and strings', () => {
  assert.ok(new RegExp(grammar.repository.comment.match).test('; a comment (with a list'));
  assert.strictEqual(grammar.repository.string.begin, '"');
  assert.strictEqual(grammar.repository.string.end, '"');
});
