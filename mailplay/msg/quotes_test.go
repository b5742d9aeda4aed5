package msg

import (
	"strings"
	"testing"
)

func TestStripQuoted(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain move", "ps b4", "ps b4"},
		{"empty", "", ""},
		{"CRLF and blank runs", "\r\n\r\nps b4\r\n\r\n\r\n\r\nrs\r\n\r\n", "ps b4\n\nrs"},
		{"lone CR", "ps b4\rrs", "ps b4\nrs"},
		{"trailing spaces trimmed, leading kept", "rs   \n  0 0 0  \n  0 s 0\n  0 0 0", "rs\n  0 0 0\n  0 s 0\n  0 0 0"},
		{"top posted above a Gmail quote",
			"ps b4\n\nOn Mon, Nov 23, 2026 at 11:00 AM Takbot <takbot@tak.example.org> wrote:\n\n> Your move.\n> 0 0 s\n",
			"ps b4"},
		{"bottom posted below a mutt quote",
			"On Mon, Nov 23, 2026 at 11:00:00AM +0000, Takbot wrote:\n> Your move.\n\nps b4\n",
			"ps b4"},
		{"interleaved",
			"* Takbot <t@x.example> [2026-11-23 11:00]:\n> Your move.\n\nps b4\n\n> Or send rs.\n\nrs\n0 0 0\n0 s 0\n0 0 0\n> end\n",
			"ps b4\n\nrs\n0 0 0\n0 s 0\n0 0 0"},
		{"indented quote markers", "ps b4\n  > quoted\n\t>> deeper", "ps b4"},
		{"attribution wrapped after the address bracket",
			"pc c3\n\nOn Mon, Nov 23, 2026 at 11:00 AM Takbot <\ntakbot+r7k2p@tak.example.org> wrote:\n\n> quote",
			"pc c3"},
		{"attribution wrapped before wrote",
			"pc c3\n\nOn Mon, 23 Nov 2026, 11:00 Takbot, <takbot+r7k2p@tak.example.org>\nwrote:\n\n> quote",
			"pc c3"},
		{"attribution over three lines",
			"pc c3\nOn Monday, November 23, 2026 at 11:00:00 AM Central\nEuropean Standard Time, Takbot Referee\n<takbot@tak.example.org> wrote:\n> quote",
			"pc c3"},
		{"Apple Mail attribution, quoted", "ps b4\n\n> On 23 Nov 2026, at 11:00, Takbot <t@x.example> wrote:\n> \n> text", "ps b4"},
		{"Thunderbird attribution", "ps b4\n\nOn 11/23/26 11:00 AM, Takbot wrote:\n> text", "ps b4"},
		{"attribution without date, followed by a quote", "ps b4\n\nTakbot wrote:\n> text", "ps b4"},
		{"German attribution", "ps b4\n\nAm 23.11.2026 um 11:00 schrieb Takbot:\n> text", "ps b4"},
		{"German Gmail attribution wrapped",
			"ps b4\n\nAm Mo., 23. Nov. 2026 um 11:00 Uhr schrieb Takbot <\ntakbot@tak.example.org>:\n\n> text",
			"ps b4"},
		{"German name-first attribution", "ps b4\n\nTakbot <takbot@tak.example.org> schrieb am Mo., 23. Nov. 2026, 11:00:\n> text", "ps b4"},
		{"French attribution wrapped",
			"mn a4\n\nLe lun. 23 nov. 2026 à 11:00, Takbot <takbot@tak.example.org> a\nécrit :\n\n> text",
			"mn a4"},
		{"Spanish attribution", "ps b4\n\nEl lun, 23 nov 2026 a las 11:00, Takbot (<takbot@tak.example.org>) escribió:\n> text", "ps b4"},
		{"Dutch attribution", "ps b4\n\nOp ma 23 nov. 2026 om 11:00 schreef Takbot <takbot@tak.example.org>:\n> text", "ps b4"},
		{"Italian attribution", "ps b4\n\nIl giorno lun 23 nov 2026 alle ore 11:00 Takbot <takbot@tak.example.org> ha scritto:\n> text", "ps b4"},
		{"Portuguese attribution", "ps b4\n\nEm seg., 23 de nov. de 2026 às 11:00, Takbot <takbot@tak.example.org> escreveu:\n> text", "ps b4"},
		{"Outlook original message",
			"mw e5\n\nRegards,\nCarol\n\n-----Original Message-----\nFrom: Takbot <t@x.example>\nSent: Monday, November 23, 2026 11:00 AM\nTo: Carol\nSubject: game\n\n0 0 0 0\n0 s 0 0\nps b4\n",
			"mw e5\n\nRegards,\nCarol"},
		{"German original message", "mw e5\n\n-----Ursprüngliche Nachricht-----\nVon: Takbot\nGesendet: Montag, 23. November 2026 11:00\nAn: Carol\nBetreff: Partie\n\n0 0 0\n", "mw e5"},
		{"Android original message", "mw e5\n\n-------- Original message --------\nFrom: Takbot <t@x.example>\nDate: 23/11/2026 11:00 (GMT+00:00)\nTo: Carol\nSubject: game\n\n0 0 0\n", "mw e5"},
		{"Gmail forward", "look at this\n\n---------- Forwarded message ---------\nFrom: Takbot <t@x.example>\nDate: Mon, Nov 23, 2026 at 11:00 AM\nSubject: game\nTo: <a@x.example>\n\nps b4\n", "look at this"},
		{"Apple forward", "look\n\nBegin forwarded message:\n\nFrom: Takbot <t@x.example>\nSubject: game\n\nps b4", "look"},
		{"Outlook on the web separator and header block",
			"rs\n0 0 0\n0 s 0\n0 0 0\n\n________________________________\nFrom: Takbot <t@x.example>\nSent: Monday, November 23, 2026 11:00\nTo: Erin <e@x.example>\nSubject: [Tak g7] game\n\n0 0 0\n0 S 0\n",
			"rs\n0 0 0\n0 s 0\n0 0 0"},
		{"Outlook bold labels after an HTML conversion",
			"pw d4\n\n*From:* Takbot <t@x.example>\n*Sent:* Monday, November 23, 2026 11:00 AM\n*To:* Dave\n*Subject:* game\n\n0 0 0",
			"pw d4"},
		{"French Outlook header", "pw d4\n\nDe : Takbot <t@x.example>\nEnvoyé : lundi 23 novembre 2026 11:00\nÀ : Dave\nObjet : partie\n\n0 0 0", "pw d4"},
		{"Spanish Outlook header", "pw d4\n\nDe: Takbot <t@x.example>\nEnviado: lunes, 23 de noviembre de 2026 11:00\nPara: Dave\nAsunto: partida\n\n0 0 0", "pw d4"},
		{"a From line alone is text", "From: my phone\nps b4", "From: my phone\nps b4"},
		{"signature", "ps b4\n\n-- \nAnn\nhttps://ann.example", "ps b4"},
		{"signature without its space", "ps b4\n--\nAnn", "ps b4"},
		{"Tak lines below a signature are kept",
			"ps b4\n-- \nAnn\nms b2 p3 2 1\nrs\n0 0 s 0 0\ncSS 0 sSSs\nc3; a1+ #12",
			"ps b4\nms b2 p3 2 1\nrs\n0 0 s 0 0\ncSS 0 sSSs\nc3; a1+ #12"},
		{"quoted Tak lines are dropped even below a signature", "ps b4\n-- \nAnn\n> ms b2\n> 0 0 s 0 0", "ps b4"},
		{"a quote header below a signature still cuts", "ps b4\n-- \nAnn\n-----Original Message-----\nFrom: x\nSent: y\nTo: z\nps c3", "ps b4"},
		{"device footers",
			"ps b4\n\nSent from my iPhone\nSent from my Samsung Galaxy smartphone.\nGet Outlook for Android<https://aka.ms/AAb9ysg>\nVon meinem iPhone gesendet\nEnvoyé de mon iPad\nEnviado desde mi Android\nSent with Proton Mail secure email.\nSent from Mail for Windows",
			"ps b4"},
		{"prose about sending is kept", "I sent from my office the move you wanted, ps b4?\nps b4", "I sent from my office the move you wanted, ps b4?\nps b4"},
		{"a Tak line is never part of an attribution", "ps b4\nwrote:\n> x", "ps b4"},
		{"prose ending in a colon is kept", "Here is my move:\nps b4", "Here is my move:\nps b4"},
		{"prose with wrote but no date is kept", "I wrote:\nps b4", "I wrote:\nps b4"},
		{"moves after a separator line are kept", "ps b4\n__________\nrs", "ps b4\n__________\nrs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := StripQuoted(tc.in); got != tc.want {
				t.Errorf("StripQuoted(%q)\n got: %q\nwant: %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestLooksLikeTakLine(t *testing.T) {
	for _, s := range []string{
		"ps b4", "PS B4", "pw a1", "pc c3 t", "ms b2 p3 2 1", "ms b2 g3 2 1 t", "ms b2 p3 21", "mn a5",
		"c3", "Sc3", "Cc3", "3c3>12", "a1+", "4a4-112*", "c3'", "rs", "RS", "0 0 0", "0 0 s 0 0",
		"cSS 0 sSSs", "S SssSS w", "Wsss 0 0", "ps b4 #7", "ps b4; rs", "  ps b4  ",
	} {
		if !looksLikeTakLine(s) {
			t.Errorf("looksLikeTakLine(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"", "Ann", "Thanks!", "ps", "pq b4", "see you", "0 0", "0 0 x 0", "Im Auftrag", "-- ",
		"Sent from my iPhone", "ps b4 and more", "https://ann.example", "0 0 0 0 0 0 0 0 0",
	} {
		if looksLikeTakLine(s) {
			t.Errorf("looksLikeTakLine(%q) = true, want false", s)
		}
	}
}

// TestStripQuotedKeepsTakLines checks, on every sample of the corpus and
// on variants, that an unquoted Tak line is kept whenever nothing marks
// the rest of the text as a quoted mail.
func TestStripQuotedKeepsTakLines(t *testing.T) {
	texts := []string{
		"ps b4\n-- \nms b2\nSent from my iPhone\nrs\n0 0 0",
		"On Mon, Nov 23, 2026, Ann wrote:\nps b4\n> x\nc3",
	}
	for _, path := range corpus(t) {
		in := mustParse(t, path)
		texts = append(texts, in.FullText)
	}
	for _, text := range texts {
		checkTakLinesKept(t, text, StripQuoted(text))
	}
}

// checkTakLinesKept fails when a Tak line of text is missing from out
// although text has no marker that starts an unprefixed quote.
func checkTakLinesKept(t *testing.T, text, out string) {
	t.Helper()
	lines := strings.Split(normalizeNewlines(text), "\n")
	for i := range lines {
		if isForwardSeparator(strings.TrimSpace(lines[i])) || isReplyHeaderBlock(lines, i) {
			return
		}
	}
	kept := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		kept[l] = true
	}
	for _, l := range lines {
		if !isQuotedLine(l) && looksLikeTakLine(l) && !kept[strings.TrimRight(l, " \t")] {
			t.Errorf("Tak line %q dropped from %q: got %q", l, text, out)
		}
	}
}
