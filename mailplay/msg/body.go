package msg

import (
	"strings"
)

// bodyText is the text found in an entity and whether it came from HTML.
type bodyText struct {
	text     string
	fromHTML bool
}

func (b bodyText) empty() bool { return strings.TrimSpace(b.text) == "" }

// textOf returns the text a reader sees in an entity:
//
//   - multipart/alternative: the text/plain alternative, else the richest
//     (last) other one;
//   - multipart/related: its root part (the start parameter, else the
//     first part);
//   - multipart/signed and multipart/report: the first part (the signed
//     content, the human-readable report);
//   - multipart/encrypted: nothing (it cannot be read);
//   - any other multipart (mixed, digest, parallel, unknown subtypes): the
//     texts of all its parts, one after the other (Apple Mail splits a
//     mail around inline pictures);
//   - text/plain (format=flowed undone) and text/html (HTMLToText) unless
//     they are attachments; everything else, attachments and forwarded
//     message/rfc822 parts included, has no text.
//
// A multipart whose parts could not be found is read as plain text.
func textOf(e *entity, d *defects, top bool) bodyText {
	if e.isMultipart() {
		if len(e.parts) == 0 {
			if !top {
				return bodyText{}
			}
			return leafText(e, "text/plain", d)
		}
		switch e.mediaType {
		case "multipart/alternative":
			return alternativeText(e, d)
		case "multipart/related":
			return textOf(relatedRoot(e), d, false)
		case "multipart/signed", "multipart/report":
			return textOf(e.parts[0], d, false)
		case "multipart/encrypted":
			return bodyText{}
		}
		var all bodyText
		var texts []string
		for _, p := range e.parts {
			t := textOf(p, d, false)
			if t.empty() {
				continue
			}
			texts = append(texts, t.text)
			all.fromHTML = all.fromHTML || t.fromHTML
		}
		all.text = strings.Join(texts, "\n")
		return all
	}
	if !top && e.isAttachment() {
		return bodyText{}
	}
	switch e.mediaType {
	case "text/plain", "text/html":
		return leafText(e, e.mediaType, d)
	}
	return bodyText{}
}

// alternativeText picks the plain-text alternative when there is one with
// text, else the last alternative with text.
func alternativeText(e *entity, d *defects) bodyText {
	var best bodyText
	for _, p := range e.parts {
		t := textOf(p, d, false)
		if t.empty() {
			continue
		}
		if !t.fromHTML {
			return t
		}
		best = t
	}
	return best
}

// relatedRoot returns the root of a multipart/related: the part named by
// the start parameter, else the first.
func relatedRoot(e *entity) *entity {
	if start := strings.Trim(e.params["start"], "<> "); start != "" {
		for _, p := range e.parts {
			if strings.Trim(p.header.Get("Content-Id"), "<> ") == start {
				return p
			}
		}
	}
	return e.parts[0]
}

// leafText decodes a text part read as the given media type.
func leafText(e *entity, mediaType string, d *defects) bodyText {
	raw := e.decodedBody(d, maxEncodedTextBytes)
	isHTML := mediaType == "text/html"
	s := decodeText(raw, e.params["charset"], isHTML, d, e.path)
	if isHTML {
		return bodyText{text: HTMLToText(s), fromHTML: true}
	}
	if strings.EqualFold(e.params["format"], "flowed") {
		s = unflow(normalizeNewlines(s), strings.EqualFold(e.params["delsp"], "yes"))
	}
	return bodyText{text: s}
}

// normalizeText prepares extracted text for reading: LF line breaks, no
// byte-order marks or zero-width characters, non-breaking spaces as
// spaces, valid UTF-8, at most MaxTextBytes.
func normalizeText(s string, d *defects) string {
	s = normalizeNewlines(strings.ToValidUTF8(s, "\uFFFD"))
	s = strings.NewReplacer("\u00a0", " ", "\ufeff", "", "\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "").Replace(s)
	if len(s) > MaxTextBytes {
		d.add(DefectTextTruncated, "", "text of %d bytes cut to %d", len(s), MaxTextBytes)
		s = truncateUTF8(s, MaxTextBytes)
	}
	return s
}
