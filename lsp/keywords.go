package lsp

import "strings"

// This file holds what hover says of a ZRF keyword and where completion offers it: a
// sentence of our own for each, and the section that explains it: of the ZRF
// reference the project keeps, or of docs/dialect.md for the zoggo-1 dialect.

// Contexts say where a keyword stands: at the top of a file, in a game or variant, in
// its board, in a grid, in a piece, in move and drop code, in a goal.
const (
	ctxTop   = "top"
	ctxGame  = "game"
	ctxBoard = "board"
	ctxGrid  = "grid"
	ctxPiece = "piece"
	ctxMove  = "move"
	ctxGoal  = "goal"
)

// keyword is one entry of the table.
type keyword struct {
	ctx  string // where it stands (ctxTop ...); several separated by spaces
	sect string // the section of the ZRF reference, or "dialect N": of docs/dialect.md
	text string
}

// where names the section that explains the keyword.
func (k keyword) where() string {
	if n, ok := strings.CutPrefix(k.sect, "dialect "); ok {
		return "docs/dialect.md §" + n
	}
	return "ZRF reference §" + k.sect
}

var keywords = map[string]keyword{
	// The file.
	"game":    {ctxTop, "3.1", "Declares a game: its title, players, board, pieces and goals."},
	"variant": {ctxTop, "3.2", "Declares a variant of the game before it: only the forms it lists replace the game's (pieces and options by name, goals as a group, other forms by keyword)."},
	"define":  {ctxTop, "2.3", "Defines a macro: `(define NAME body...)`. A list headed by NAME is replaced by the body, with `$1`…`$9` replaced by its arguments. The last definition of a name wins."},
	"include": {ctxTop, "2.2", "Pastes the top-level forms of another file, named relative to this one: `(include \"file.zrf\")`."},
	"version": {ctxTop, "2.1", "Names the language version of the file; `(version \"zoggo-1\")` turns on the zoggo dialect."},

	// Descriptions and presentation.
	"title":            {ctxGame, "4", "The name of the game or variant shown in menus; variants and saved games are found by it."},
	"description":      {ctxGame + " " + ctxPiece, "4", "Help text shown to players; it does not change the rules."},
	"history":          {ctxGame, "4", "Help text on the game's history; no effect on the rules."},
	"strategy":         {ctxGame, "4", "Help text on how to play well; no effect on the rules."},
	"help":             {ctxPiece, "4", "A one-line help text for a piece."},
	"notation":         {ctxPiece, "4", "A short display name for a piece; saved games use the piece's name, not this."},
	"image":            {ctxBoard + " " + ctxPiece, "4", "Bitmap files: for a board, its picture; for a piece, one set per player (`(image White \"w.bmp\" Black \"b.bmp\")`)."},
	"music":            {ctxGame, "4", "Background music file; no effect on the rules."},
	"solution":         {ctxGame, "4", "A saved game that solves a puzzle variant."},
	"engine":           {ctxGame, "4", "An external move generator (an Axiom DLL): the moves are written in Forth beside the rules."},
	"default":          {ctxGame, "3.2", "Marks the variant that is chosen when none is named."},
	"move-sound":       {ctxGame, "4", "Sound played for a move; no effect on the rules."},
	"capture-sound":    {ctxGame, "4", "Sound played for a capture; no effect on the rules."},
	"release-sound":    {ctxGame, "4", "Sound played when a piece is released; no effect on the rules."},
	"drop-sound":       {ctxGame, "4", "Sound played for a drop; no effect on the rules."},
	"change-sound":     {ctxGame, "4", "Sound played when a piece changes; no effect on the rules."},
	"click-sound":      {ctxGame, "4", "Sound played on a click; no effect on the rules."},
	"draw-sound":       {ctxGame, "4", "Sound played for a draw; no effect on the rules."},
	"win-sound":        {ctxGame, "4", "Sound played for a win; no effect on the rules."},
	"loss-sound":       {ctxGame, "4", "Sound played for a loss; no effect on the rules."},
	"opening-sound":    {ctxGame, "4", "Sound played when the game opens; no effect on the rules."},
	"pass-turn":        {ctxGame, "5.4", "Old spelling of `(option \"pass turn\" V)`: `true` always allows a pass, `forced` only when nothing else is legal."},
	"pass-partial":     {ctxGame, "5.4", "Old spelling of `(option \"pass partial\" V)`: whether a player may stop after a partial move."},
	"maximal-captures": {ctxGame, "5.4", "Old spelling of `(option \"maximal captures\" V)`: only the turns that capture the most are legal."},
	"recycle-captures": {ctxGame, "5.4", "Old spelling of `(option \"recycle captures\" V)`: captured pieces go back to their owner's stock."},
	"animate-captures": {ctxGame, "5.4", "Old spelling of an animation option; no effect on the rules."},
	"animate-drops":    {ctxGame, "5.4", "Old spelling of an animation option; no effect on the rules."},
	"allow-flipping":   {ctxGame, "5.4", "Old spelling of the option that lets the board turn for the side to move; no effect on the rules."},

	// Players and turns.
	"players":         {ctxGame, "5.1", "The players in order. A name that starts with `?` is a random player (dice)."},
	"turn-order":      {ctxGame, "5.2", "Who moves in each turn: a player, `(P TYPE)` for one move type, `(P Q)` to move Q's pieces; the entries after `repeat` loop."},
	"repeat":          {ctxGame, "5.2", "In a turn order: the entries after it repeat; those before it are played once."},
	"move-priorities": {ctxGame, "5.3", "Move types in order of priority: when a move of an earlier listed type exists, moves of later listed types are not legal."},
	"option":          {ctxGame, "5.4", "Sets an option: `(option \"pass turn\" forced)`. Unknown options are ignored."},

	// The board.
	"board":           {ctxGame, "6.1", "The board: grids, positions, links, zones and its picture."},
	"grid":            {ctxBoard, "6.2", "A rectangular block of positions named from its dimensions, with directions as steps between them."},
	"start-rectangle": {ctxGrid, "6.2", "The screen rectangle of the grid's first position: left, top, right, bottom."},
	"dimensions":      {ctxGrid, "6.2", "The grid's dimensions, each a string of names separated by `/` and a screen step: `(\"a/b/c\" (50 0))`. A position's name joins one name of each."},
	"directions":      {ctxGrid, "6.2", "Named directions as steps in the grid's dimensions: `(n 0 -1)`."},
	"positions":       {ctxBoard, "6.3", "Positions given one by one with their screen rectangles: `(a1 10 10 40 40)`."},
	"dummy":           {ctxBoard + " " + ctxPiece, "6.4", "In a board, positions that are not drawn (stock, hands); in a piece, a helper piece not offered to players."},
	"links":           {ctxBoard, "6.5", "Links a direction between named positions: `(links n (a1 a2) (a2 a3))`."},
	"unlink":          {ctxBoard, "6.6", "Removes links: a position, or a pair of positions, or a direction from a position."},
	"kill-positions":  {ctxBoard, "6.7", "Removes positions from the board with every link to them."},
	"symmetry":        {ctxBoard, "6.10", "For a player, the directions that replace others when it moves: `(symmetry Black (n s) (s n))`."},
	"zone":            {ctxBoard, "6.11", "A named set of positions for each player: `(zone (name promotion) (players White) (positions a8 b8))`."},
	"name":            {ctxPiece + " " + ctxBoard, "7.1", "The name of a piece or a zone."},
	"board-setup":     {ctxGame, "7.5", "The start position: for each player, each piece type and the positions it stands on; `(off N)` puts N in the player's stock."},
	"off":             {ctxGame, "7.5", "In a board setup, a number of pieces kept off the board, in the player's stock, to be dropped."},

	// Pieces.
	"piece":     {ctxGame, "7.1", "A piece type: its name, pictures, attributes, moves and drops."},
	"attribute": {ctxPiece, "7.2", "A named attribute of a piece and its start value: `(attribute never-moved true)`."},
	"moves":     {ctxPiece, "7.3", "The move blocks of a piece: each block runs from the piece's square and makes moves with `add`."},
	"drops":     {ctxPiece, "7.3", "The drop blocks of a piece: each block runs from every empty board position and makes drops with `add`."},
	"move-type": {ctxMove, "7.4", "In a moves or drops list: the type of the blocks after it, as turn orders and priorities name it."},

	// Move code: navigation.
	"from":      {ctxMove, "8.7", "Picks the piece at the current position up, so that the move starts here; blocks start with one implicitly."},
	"to":        {ctxMove, "8.7", "Puts the piece picked up down at the current position."},
	"go":        {ctxMove, "8.4", "Jumps to a special position: `from`, `to`, `mark`, `last-from`, `last-to`."},
	"mark":      {ctxMove, "8.4", "Remembers the current position (or sets the mark at a position given); `back` returns to it."},
	"back":      {ctxMove, "8.4", "Returns to the position `mark` remembered."},
	"opposite":  {ctxMove + " " + ctxBoard, "6.9", "In a board, declares opposite directions; in move code, steps in the direction opposite to the one given."},
	"last-from": {ctxMove, "8.4", "The position the last move started from."},
	"last-to":   {ctxMove, "8.4", "The position the last move ended on."},
	"cascade":   {ctxMove, "8.7", "Puts the moving piece down here and picks up the piece that stood here, to move it on."},

	// Move code: control.
	"if":     {ctxMove, "8.5", "Runs its instructions when the condition holds: `(if COND instr... else instr...)`."},
	"else":   {ctxMove, "8.5", "In an `if`, starts the instructions run when the condition fails."},
	"while":  {ctxMove, "8.5", "Runs its instructions while the condition holds, within a bound."},
	"verify": {ctxMove, "8.5", "Ends the block, with no move, unless the condition holds."},
	"and":    {ctxMove + " " + ctxGoal, "8.5", "Holds when every condition holds."},
	"or":     {ctxMove + " " + ctxGoal, "8.5", "Holds when one of the conditions holds."},
	"not":    {ctxMove + " " + ctxGoal, "8.5", "Holds when the condition does not."},
	"true":   {ctxMove, "8.3", "The condition that always holds; also the value true of an attribute or option."},
	"false":  {ctxMove, "8.3", "The condition that never holds; also the value false of an attribute or option."},

	// Move code: predicates.
	"empty?":                 {ctxMove, "8.6", "Holds when the position (the current one, or the one in the direction given) is on the board and empty."},
	"not-empty?":             {ctxMove, "8.6", "The negation of `empty?`."},
	"enemy?":                 {ctxMove, "8.6", "Holds when an enemy piece stands at the position."},
	"not-enemy?":             {ctxMove, "8.6", "The negation of `enemy?`."},
	"friend?":                {ctxMove, "8.6", "Holds when a piece of the side moving stands at the position."},
	"not-friend?":            {ctxMove, "8.6", "The negation of `friend?`."},
	"neutral?":               {ctxMove, "8.6", "Holds when a neutral piece stands at the position; zoggo has none, so it never holds."},
	"not-neutral?":           {ctxMove, "8.6", "The negation of `neutral?`."},
	"on-board?":              {ctxMove, "8.6", "Holds when the direction given leads to a position on the board."},
	"not-on-board?":          {ctxMove, "8.6", "The negation of `on-board?`."},
	"piece?":                 {ctxMove, "8.6", "Holds when a piece of the type given stands at the position."},
	"not-piece?":             {ctxMove, "8.6", "The negation of `piece?`."},
	"position?":              {ctxMove, "8.6", "Holds when the current position is the one named."},
	"not-position?":          {ctxMove, "8.6", "The negation of `position?`."},
	"in-zone?":               {ctxMove, "8.6", "Holds when the position is in the zone named, for the side moving."},
	"not-in-zone?":           {ctxMove, "8.6", "The negation of `in-zone?`."},
	"last-from?":             {ctxMove, "8.6", "Holds when the position is where the last move started."},
	"not-last-from?":         {ctxMove, "8.6", "The negation of `last-from?`."},
	"last-to?":               {ctxMove, "8.6", "Holds when the position is where the last move ended."},
	"not-last-to?":           {ctxMove, "8.6", "The negation of `last-to?`."},
	"marked?":                {ctxMove, "8.6", "Holds when the position is the one `mark` remembered."},
	"not-marked?":            {ctxMove, "8.6", "The negation of `marked?`."},
	"flag?":                  {ctxMove, "8.6", "Holds when the flag named, set during this move, is true."},
	"not-flag?":              {ctxMove, "8.6", "The negation of `flag?`."},
	"position-flag?":         {ctxMove, "8.6", "Holds when the flag named is set at the position during this move."},
	"not-position-flag?":     {ctxMove, "8.6", "The negation of `position-flag?`."},
	"adjacent-to-enemy?":     {ctxMove, "8.6", "Holds when an enemy piece stands one step away in some direction."},
	"not-adjacent-to-enemy?": {ctxMove, "8.6", "The negation of `adjacent-to-enemy?`."},
	"attacked?":              {ctxMove, "8.12", "Holds when an enemy piece could capture at the position."},
	"not-attacked?":          {ctxMove, "8.12", "The negation of `attacked?`."},
	"defended?":              {ctxMove, "8.12", "Holds when a piece of the side moving could capture at the position."},
	"not-defended?":          {ctxMove, "8.12", "The negation of `defended?`."},
	"goal-position?":         {ctxMove, "4", "Listed by the old reference but never described; zoggo reports it as unsupported."},
	"not-goal-position?":     {ctxMove, "4", "Listed by the old reference but never described; zoggo reports it as unsupported."},

	// Move code: actions.
	"add":               {ctxMove, "8.8", "Makes the move built so far one of the legal moves, with the moving piece put down here (or changed to the type given)."},
	"add-copy":          {ctxMove, "8.8", "As `add`, but the piece also stays where it started."},
	"add-partial":       {ctxMove, "8.10", "As `add`, but the turn goes on with another part by the same piece (of the move type given)."},
	"add-copy-partial":  {ctxMove, "8.10", "As `add-copy`, and the turn goes on with another part."},
	"capture":           {ctxMove, "8.7", "Removes the piece at the position (or in the direction given) when the move is made."},
	"change-owner":      {ctxMove, "8.7", "Gives the piece at the position to the side moving."},
	"flip":              {ctxMove, "8.7", "Gives the piece at the position to the other player."},
	"change-type":       {ctxMove, "8.7", "Changes the type of the piece at the position to the type given."},
	"create":            {ctxMove, "8.7", "Puts a new piece on the position: `(create TYPE)`, `(create PLAYER TYPE POS)`."},
	"set-attribute":     {ctxMove, "8.7", "Sets an attribute of the moving piece: `(set-attribute never-moved false)`."},
	"set-flag":          {ctxMove, "8.7", "Sets a flag for the rest of this move: `(set-flag f true)`."},
	"set-position-flag": {ctxMove, "8.7", "Sets a flag at the position for the rest of this move."},

	// Goals.
	"win-condition":     {ctxGame, "9.1", "The players that win when the condition holds: `(win-condition (White Black) (checkmated King))`."},
	"loss-condition":    {ctxGame, "9.1", "The players that lose when the condition holds."},
	"draw-condition":    {ctxGame, "9.1", "The players for whom the game is drawn when the condition holds."},
	"count-condition":   {ctxGame, "9.1", "A goal decided by counting pieces when the condition holds."},
	"absolute-config":   {ctxGoal, "9.2", "Holds when the pieces given stand on any of the positions given."},
	"relative-config":   {ctxGoal, "9.2", "Holds when pieces stand in the pattern given, directions between them."},
	"pieces-remaining":  {ctxGoal, "9.2", "Holds when the player has exactly the number given of pieces (of the types given) left."},
	"total-piece-count": {ctxGoal, "9.2", "Holds when the board holds exactly the number of pieces given."},
	"captured":          {ctxGoal, "9.2", "Holds when the player has no piece of the types given left."},
	"checkmated":        {ctxGoal, "9.2", "Holds when the player's piece of the type given is attacked and no move saves it; such pieces are royal."},
	"stalemated":        {ctxGoal, "9.2", "Holds when the player has no legal move."},
	"repetition":        {ctxGoal, "9.2", "Holds when the same position has been seen for the third time."},
	"opponent":          {ctxGoal, "9.2", "In a goal, tests the condition for the opponent instead of the player."},
	"any-owner":         {ctxGoal, "9.2", "In a configuration goal, pieces of any owner count."},
	"open":              {ctxGame, "4", "Listed by the old reference but never described; zoggo reports it as unsupported."},
	"translate":         {ctxGame, "4", "Listed by the old reference but never described; zoggo reports it as unsupported."},
	// The zoggo-1 dialect (docs/dialect.md), in files that say (version "zoggo-1").
	"variables":           {ctxGame, "dialect 4", "Dialect: global integer variables and their start values: `(variables (placed 0))`."},
	"position-attributes": {ctxGame, "dialect 4", "Dialect: integer values that belong to squares, with their start values."},
	"set":                 {ctxMove, "dialect 4", "Dialect: sets a variable, a position attribute or an integer attribute: `(set NAME [LOC] VALUE)`."},
	"count":               {ctxMove + " " + ctxGoal, "dialect 4", "Dialect: the number of positions where the condition holds."},
	"stacks":              {ctxGame, "dialect 7", "Dialect: every square holds a column of up to N pieces under its top piece."},
	"pre-part":            {ctxGame + " " + ctxPiece, "dialect 1", "Dialect: actions run before every part of a turn."},
	"post-part":           {ctxGame + " " + ctxPiece, "dialect 1", "Dialect: actions run after every part of a turn."},
	"pre-move":            {ctxGame + " " + ctxPiece, "dialect 1", "Dialect: actions run before the whole turn."},
	"post-move":           {ctxGame + " " + ctxPiece, "dialect 1", "Dialect: actions run after the whole turn."},
	"check":               {ctxGame, "dialect 2", "Dialect: a condition every complete turn must keep; turns that break it are not legal."},
	"owner":               {ctxMove, "dialect 3", "Dialect: in a moves list, whose pieces of the type the blocks after it move: `any`, `enemy` or `friend`."},
	"label":               {ctxGame, "dialect 5", "Dialect: a named point of the turn order that `goto` can go to."},
	"goto":                {ctxMove, "dialect 5", "Dialect: where the turn order goes on after this turn: a label, `again` or `repeat`."},
	"result":              {ctxGoal, "dialect 6", "Dialect: the name of the result a goal gives."},
	"priority":            {ctxGoal, "dialect 6", "Dialect: when several goals hold, the one of the highest priority decides."},
	"formula":             {ctxGoal, "dialect 6", "Dialect: a goal written as a condition of move code, with numbers."},
	"to-move?":            {ctxGoal, "dialect 6", "Dialect: holds for the player to move, for goals checked at the start of a turn."},
	"select":              {ctxMove, "dialect 7", "Dialect: adds the piece at the position (or here) to the group that `shift` moves."},
	"shift":               {ctxMove, "dialect 7", "Dialect: moves the selected group one step in the direction given, capturing what it moves onto."},
	"take-top":            {ctxMove, "dialect 7", "Dialect: moves the top piece of a column under the moving column."},
	"capture-group":       {ctxMove, "dialect 8", "Dialect: captures every piece of the group at the position."},
	"capture-side":        {ctxMove, "dialect 12", "Dialect: captures every piece of the owner of the piece at the position."},
	"end-after-passes":    {ctxGame, "dialect 8", "Dialect: that many passes in a row end the game."},
	"passes":              {ctxMove + " " + ctxGoal, "dialect 8", "Dialect: the passes in a row that led to the position."},
	"forbid-repetition":   {ctxGame, "dialect 8", "Dialect: turns that recreate an earlier board (or position) are not legal."},
	"permute":             {ctxMove, "dialect 9", "Dialect: moves the contents of each listed position one place along its cycle."},
	"drawn-as":            {ctxBoard, "dialect 10", "Dialect: `(drawn-as lines)` draws the board as the lines between its positions."},
	"immediate-values":    {ctxGame, "dialect 11", "Dialect: a value a part sets is read back by the rest of the part at once."},
	"show-values":         {ctxBoard, "dialect 11", "Dialect: pictures write these position attributes' and variables' values."},
	"marked":              {ctxBoard, "dialect 10", "Dialect: pictures draw a sign on these positions."},
	"value":               {ctxPiece, "dialect 13", "Dialect: the piece's worth in the rules' own points, which the bots play by."},
}

// contextOf returns the context of a cursor inside lists with the heads given,
// innermost first: the first head that opens a context decides.
func contextOf(heads []string) string {
	if len(heads) == 0 {
		return ctxTop
	}
	for _, h := range heads {
		switch h {
		case "game", "variant":
			return ctxGame
		case "board":
			return ctxBoard
		case "grid":
			return ctxGrid
		case "piece":
			return ctxPiece
		case "moves", "drops":
			return ctxMove
		case "win-condition", "loss-condition", "draw-condition", "count-condition":
			return ctxGoal
		case "define":
			return "" // a macro body may hold anything
		}
		if k, ok := keywords[h]; ok && strings.Contains(k.ctx, ctxMove) {
			return ctxMove
		}
	}
	return ""
}

// keywordsIn returns the keywords that stand in context ctx (every keyword for "").
func keywordsIn(ctx string) []string {
	var out []string
	for name, k := range keywords {
		if ctx == "" || strings.Contains(" "+k.ctx+" ", " "+ctx+" ") {
			out = append(out, name)
		}
	}
	return out
}
