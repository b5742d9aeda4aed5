package msg

import "testing"

func TestMessageIDFor(t *testing.T) {
	for _, tc := range []struct{ local, domain, want string }{
		{"r12/3", "tak.example.org", "r12=2F3@tak.example.org"},
		{"g7", "Tak.Example.ORG", "g7@tak.example.org"},
		{"a.b", "x.example", "a.b@x.example"},
		{".a..b.", "x.example", "=2Ea.=2Eb=2E@x.example"},
		{"a=b c<d>@\"", "x.example", "a=3Db=20c=3Cd=3E=40=22@x.example"},
		{"jürgen", "x.example", "j=C3=BCrgen@x.example"},
		{"", "x.example", "=@x.example"},
		{"r1", "bad domain", "r1@bad=20domain"},
		{"r1", "", "r1@="},
	} {
		got := MessageIDFor(tc.local, tc.domain)
		if got != tc.want {
			t.Errorf("MessageIDFor(%q, %q) = %q, want %q", tc.local, tc.domain, got, tc.want)
		}
		if !validMsgID(got) {
			t.Errorf("MessageIDFor(%q, %q) = %q is not a valid msg-id", tc.local, tc.domain, got)
		}
		for _, id := range []string{got, "<" + got + ">", " <" + got + "> "} {
			if back, ok := ParseMessageIDFor(id, tc.domain); !ok || back != tc.local {
				t.Errorf("ParseMessageIDFor(%q) = %q, %v; want %q", id, back, ok, tc.local)
			}
		}
	}
}

func TestParseMessageIDForRefuses(t *testing.T) {
	for _, tc := range []struct{ id, domain string }{
		{"r1@other.example", "tak.example.org"},
		{"r1", "tak.example.org"},
		{"CAH4kP2m+x1@mail.gmail.com", "mail.gmail.com"}, // '+' is never written as itself
		{"r1=2f3@tak.example.org", "tak.example.org"},    // lower-case hex is never written
		{"r1=2@tak.example.org", "tak.example.org"},
		{"=41@tak.example.org", "tak.example.org"}, // 'A' would be written as itself
		{"@tak.example.org", "tak.example.org"},
		{"a..b@tak.example.org", "tak.example.org"},
	} {
		if local, ok := ParseMessageIDFor(tc.id, tc.domain); ok {
			t.Errorf("ParseMessageIDFor(%q, %q) = %q, true; want false", tc.id, tc.domain, local)
		}
	}
}

func TestCleanSubject(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"[Tak g7] alice vs bob, 6x6", "[Tak g7] alice vs bob, 6x6"},
		{"Re: [Tak g7] alice vs bob", "[Tak g7] alice vs bob"},
		{"RE: RE: Re: [Tak g7]", "[Tak g7]"},
		{"Fwd: FW: Fw: [Tak g7]", "[Tak g7]"},
		{"AW: WG: AW: [Tak g7]", "[Tak g7]"},
		{"SV: VS: Antw: [Tak g7]", "[Tak g7]"},
		{"Re[2]: Re(3): [Tak g7]", "[Tak g7]"},
		{"TR: RV: Réf : [Tak g7]", "[Tak g7]"},
		{"Re：[Tak g7]", "[Tak g7]"},
		{"  Re:   [Tak g7]\t alice  ", "[Tak g7] alice"},
		{"Re:", ""},
		{"Reply to game", "Reply to game"},
		{"Regarding: game", "Regarding: game"},
		{"[Tak g7] Re: later", "[Tak g7] Re: later"},
	} {
		if got := CleanSubject(tc.in); got != tc.want {
			t.Errorf("CleanSubject(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSubjectGameTag(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"[Tak g7] alice vs bob, 6x6", "g7", true},
		{"Re: [Tak g7] alice vs bob, 6x6", "g7", true},
		{"[tak-players] Re: [TAK G12] x", "g12", true},
		{"ps b4 [ Tak g7 ]", "g7", true},
		{"Tak g7", "", false},
		{"[Tak] g7", "", false},
		{"[Tak g7 x]", "", false},
		{"[Takbot g7]", "", false},
		{"", "", false},
	} {
		got, ok := SubjectGameTag(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("SubjectGameTag(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
