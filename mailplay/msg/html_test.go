package msg

import (
	"strings"
	"testing"
)

func TestHTMLToText(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"text", "ps b4", "ps b4"},
		{"empty", "", ""},
		{"entities", "&lt;b2&gt; &amp; &quot;x&quot; &#39;y&#39; &#x201C;z&#x201D; &eacute;", `<b2> & "x" 'y' “z” é`},
		{"white space collapses", "  ps\n\t b4  \n", "ps b4"},
		{"br makes lines", "ps b4<br>rs<br/>0 0 0", "ps b4\nrs\n0 0 0"},
		{"empty div with br is a blank line", "<div>ps b4</div><div><br></div><div>thanks</div>", "ps b4\n\nthanks"},
		{"blocks make lines", "<p>a</p><p>b</p><h1>c</h1><ul><li>d</li><li>e</li></ul>", "a\nb\nc\nd\ne"},
		{"inline elements join", "<b>ms</b> <i>b2</i><span> p3</span>", "ms b2 p3"},
		{"nbsp keeps a board aligned", "<div>0&nbsp;&nbsp;0&nbsp;s</div>", "0  0 s"},
		{"pre keeps white space", "<pre>0 0 0\n0  s 0\n0 0 0</pre>after", "0 0 0\n0  s 0\n0 0 0\nafter"},
		{"table cells", "<table><tr><td>0</td><td>s</td></tr><tr><td>S</td><td>0</td></tr></table>", "0 s\nS 0"},
		{"head, script, style and title dropped", "<html><head><title>T</title><style>p{}</style></head><body><script>x()</script>ps b4<noscript>no</noscript></body></html>", "ps b4"},
		{"blockquote dropped", "ps b4<blockquote>quoted<blockquote>deeper</blockquote>still</blockquote>after", "ps b4\nafter"},
		{"gmail quote dropped with nested divs", `<div>ps b4</div><div class="gmail_quote"><div class="gmail_attr">On ... wrote:</div><div><div>x</div></div></div><div>after</div>`, "ps b4\nafter"},
		{"Thunderbird cite prefix", `<p>ps b4</p><div class="moz-cite-prefix">On 11/23/26, Takbot wrote:<br></div><blockquote type="cite">x</blockquote>`, "ps b4"},
		{"Yahoo quote", `<div>ps b4</div><div id="yahoo_quoted_123" class="yahoo_quoted">On Monday ... wrote:<div>x</div></div>`, "ps b4"},
		{"hidden element", `<div style="display: none">preview</div>ps b4`, "ps b4"},
		{"Outlook on the web cuts at divRplyFwdMsg", `<div>pw d4</div><hr><div id="divRplyFwdMsg"><b>From:</b> x</div><div>0 0 0</div>`, "pw d4"},
		{"Outlook desktop cuts at its bordered header", `<p>pw d4</p><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0in 0in 0in"><p><b>From:</b> x</p></div><p>0 0 0</p>`, "pw d4"},
		{"unclosed tags", "<div><p>ps b4<div>rs", "ps b4\nrs"},
		{"comments and conditional comments", "<!--[if mso]>x<![endif]-->ps b4<!-- c -->", "ps b4"},
		{"self-closing blockquote does not swallow the rest", "<blockquote/>ps b4", "ps b4"},
		{"blank lines collapse", "a<br><br><br><br>b", "a\n\nb"},
		{"links keep their text", `<a href="https://x.example">the board</a>`, "the board"},
		{"images are dropped", `ps b4<img src="cid:x" alt="board">`, "ps b4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := HTMLToText(tc.in); got != tc.want {
				t.Errorf("HTMLToText(%q)\n got: %q\nwant: %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestHTMLToTextBounded(t *testing.T) {
	big := strings.Repeat("<p>ps b4 and some more text</p>", MaxTextBytes/10)
	got := HTMLToText(big)
	if len(got) > MaxTextBytes {
		t.Errorf("HTMLToText gave %d bytes, more than %d", len(got), MaxTextBytes)
	}
	if !strings.HasPrefix(got, "ps b4 and some more text\n") {
		t.Errorf("HTMLToText lost the start: %q", got[:40])
	}
	deep := strings.Repeat("<div>", 100000) + "ps b4" + strings.Repeat("</div>", 100000)
	if got := HTMLToText(deep); got != "ps b4" {
		t.Errorf("HTMLToText of deeply nested divs = %q", got)
	}
}

func TestUnflow(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		delsp bool
		want  string
	}{
		{"fixed lines", "a\nb", false, "a\nb"},
		{"soft break joins", "one two \nthree", false, "one two three"},
		{"delsp deletes the space", "ann \noying", true, "annoying"},
		{"quoted paragraph", "> one \n> two\nthree", false, "> one two\nthree"},
		{"quote depth change ends a paragraph", "> one \n>> two\n", false, "> one \n>> two\n"},
		{"space-stuffing removed", "  From here\n >x", false, " From here\n>x"},
		{"signature separator is not flowed", "-- \nAnn", false, "-- \nAnn"},
		{"CRLF", "one \r\ntwo\r\n", false, "one two\n"},
		{"last line soft", "end ", false, "end "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := unflow(tc.in, tc.delsp); got != tc.want {
				t.Errorf("unflow(%q, %v) = %q, want %q", tc.in, tc.delsp, got, tc.want)
			}
		})
	}
}
