package discordfake

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Embed is a rich embed of a message.
type Embed struct {
	Type        string       `json:"type,omitempty"`
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Color       int          `json:"color,omitempty"`
	Timestamp   string       `json:"timestamp,omitempty"`
	Footer      *EmbedFooter `json:"footer,omitempty"`
	Image       *EmbedMedia  `json:"image,omitempty"`
	Thumbnail   *EmbedMedia  `json:"thumbnail,omitempty"`
	Author      *EmbedAuthor `json:"author,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
}

// EmbedFooter is the footer line of an embed.
type EmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedMedia is an embed's image or thumbnail; the URL may be
// attachment://filename to show an uploaded file.
type EmbedMedia struct {
	URL string `json:"url"`
}

// EmbedAuthor is the author line of an embed.
type EmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedField is a name/value pair of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

const attachmentScheme = "attachment://"

// checkEmbeds applies Discord's embed limits (at most 10 embeds, 6000
// characters in all, per-field limits) and returns the attachment://
// file names the embeds show.
func checkEmbeds(raw []json.RawMessage, prefix string, errs *formErrors) []string {
	if len(raw) > 10 {
		errs.add(prefix+"embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	var refs []string
	total := 0
	for i, r := range raw {
		path := fmt.Sprintf("%sembeds.%d", prefix, i)
		var e Embed
		if err := json.Unmarshal(r, &e); err != nil {
			errs.add(path, "MODEL_TYPE_CONVERT", "Could not interpret the embed.")
			continue
		}
		total += embedLength(e)
		checkLength(e.Title, 0, 256, path+".title", errs)
		checkLength(e.Description, 0, 4096, path+".description", errs)
		if len(e.Fields) > 25 {
			errs.add(path+".fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, f := range e.Fields {
			fpath := fmt.Sprintf("%s.fields.%d", path, j)
			checkLength(f.Name, 1, 256, fpath+".name", errs)
			checkLength(f.Value, 1, 1024, fpath+".value", errs)
		}
		if e.Footer != nil {
			checkLength(e.Footer.Text, 1, 2048, path+".footer.text", errs)
		}
		if e.Author != nil {
			checkLength(e.Author.Name, 1, 256, path+".author.name", errs)
		}
		for _, media := range []*EmbedMedia{e.Image, e.Thumbnail} {
			if media != nil && strings.HasPrefix(media.URL, attachmentScheme) {
				refs = append(refs, strings.TrimPrefix(media.URL, attachmentScheme))
			}
		}
	}
	if total > 6000 {
		errs.add(prefix+"embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
	return refs
}

func embedLength(e Embed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	if e.Author != nil {
		n += utf8.RuneCountInString(e.Author.Name)
	}
	return n
}
