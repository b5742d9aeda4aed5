package discordfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"  // attachment sizes of GIF images
	_ "image/jpeg" // attachment sizes of JPEG images
	_ "image/png"  // attachment sizes of PNG images
	"mime"
	"path"
	"slices"
	"strconv"
	"unicode/utf8"
)

// maxContentLength is Discord's limit on message content, in characters.
const maxContentLength = 2000

// flexID is an ID sent either as a JSON string or as a number, as
// attachment placeholders may be.
type flexID string

// UnmarshalJSON accepts "0" and 0.
func (f *flexID) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("id is neither a string nor a number: %w", err)
	}
	*f = flexID(n.String())
	return nil
}

// attachmentRef is an entry of the attachments array of a message body:
// a files[n] placeholder or an attachment the message already has.
type attachmentRef struct {
	ID          flexID `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description"`
}

// messageFields are the message fields of a request body, with which ones
// were present (a PATCH changes only those).
type messageFields struct {
	has         map[string]bool
	content     string
	embeds      []json.RawMessage
	components  []json.RawMessage
	attachments []attachmentRef
	flags       int
	stickerIDs  []string
	referenceID string
}

// decodeMessageFields reads the message fields of a JSON object; prefix is
// the path of the object in the body ("data." in interaction responses).
func decodeMessageFields(raw []byte, prefix string, errs *formErrors) messageFields {
	f := messageFields{has: map[string]bool{}}
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return f
	}
	var obj map[string]json.RawMessage
	errs.kind = InvalidFormBody
	if err := json.Unmarshal(raw, &obj); err != nil {
		errs.add(trimDot(prefix), "MODEL_TYPE_CONVERT", "The body is not a JSON object.")
		return f
	}
	field := func(name string, into any, code, message string) {
		v, ok := obj[name]
		if !ok {
			return
		}
		f.has[name] = true
		if string(v) == "null" {
			return
		}
		if err := json.Unmarshal(v, into); err != nil {
			errs.add(prefix+name, code, message)
		}
	}
	field("content", &f.content, "BASE_TYPE_STRING", "Must be a string.")
	field("embeds", &f.embeds, "BASE_TYPE_ARRAY", "Must be an array.")
	field("components", &f.components, "BASE_TYPE_ARRAY", "Must be an array.")
	field("attachments", &f.attachments, "BASE_TYPE_ARRAY", "Must be an array of attachment objects.")
	field("flags", &f.flags, "NUMBER_TYPE_COERCE", "Must be an integer.")
	field("sticker_ids", &f.stickerIDs, "BASE_TYPE_ARRAY", "Must be an array of snowflakes.")
	var ref struct {
		MessageID string `json:"message_id"`
	}
	field("message_reference", &ref, "MODEL_TYPE_CONVERT", "Must be a message reference object.")
	f.referenceID = ref.MessageID
	return f
}

func trimDot(prefix string) string {
	if prefix == "" {
		return ""
	}
	return prefix[:len(prefix)-1]
}

// checkMessageFields applies Discord's limits on content, embeds,
// components, stickers and flags, and returns the attachment:// names the
// embeds show.
func checkMessageFields(f messageFields, prefix string, allowedFlags int, errs *formErrors) []string {
	errs.kind = TooLongContent
	if n := utf8.RuneCountInString(f.content); n > maxContentLength {
		errs.add(prefix+"content", "BASE_TYPE_MAX_LENGTH",
			fmt.Sprintf("Must be %d or fewer in length (got %d).", maxContentLength, n))
	}
	errs.kind = InvalidEmbeds
	refs := checkEmbeds(f.embeds, prefix, errs)
	errs.kind = InvalidComponents
	checkMessageComponents(f.components, prefix, errs)
	errs.kind = InvalidFormBody
	if len(f.stickerIDs) > 3 {
		errs.add(prefix+"sticker_ids", "BASE_TYPE_MAX_LENGTH", "Must be 3 or fewer in length.")
	}
	if extra := f.flags &^ allowedFlags; extra != 0 {
		errs.add(prefix+"flags", "MESSAGE_FLAGS_INVALID", fmt.Sprintf("Flags %d may not be set here (allowed: %d).", extra, allowedFlags))
	}
	return refs
}

// resolveAttachments computes a message's attachments from the body:
// without an attachments array every uploaded file is added to the kept
// ones; with one, exactly the listed placeholders and kept attachments
// remain. Files left out of the array, entries naming no file and embeds
// showing attachment://name of no file are BadAttachmentForm problems.
func (s *Server) resolveAttachmentsLocked(f messageFields, body requestBody, existing []*Attachment, embedRefs []string, prefix string, errs *formErrors) []*Attachment {
	errs.kind = BadAttachmentForm
	var out []*Attachment
	if !f.has["attachments"] {
		out = slices.Clone(existing)
		for _, file := range body.files {
			out = append(out, s.newAttachmentLocked(file, attachmentRef{}))
		}
	} else {
		used := map[int]bool{}
		for i, ref := range f.attachments {
			where := fmt.Sprintf("%sattachments.%d.id", prefix, i)
			if n, err := strconv.Atoi(string(ref.ID)); err == nil {
				if file, ok := body.fileByIndex(n); ok {
					if used[n] {
						errs.add(where, "ATTACHMENT_DUPLICATED", fmt.Sprintf("files[%d] is listed twice.", n))
						continue
					}
					used[n] = true
					out = append(out, s.newAttachmentLocked(file, ref))
					continue
				}
			}
			if i := slices.IndexFunc(existing, func(a *Attachment) bool { return a.ID == string(ref.ID) }); i >= 0 {
				kept := *existing[i]
				if ref.Description != "" {
					kept.Description = ref.Description
				}
				out = append(out, &kept)
				continue
			}
			errs.add(where, "ATTACHMENT_NOT_FOUND", fmt.Sprintf("Attachment %q is neither a files[n] part of this request nor an attachment of the message.", ref.ID))
		}
		for _, file := range body.files {
			if !used[file.index] {
				errs.add(fmt.Sprintf("files[%d]", file.index), "ATTACHMENT_NOT_REFERENCED",
					fmt.Sprintf("files[%d] (%s) is not listed in attachments; Discord drops it.", file.index, file.filename))
			}
		}
	}
	for _, name := range embedRefs {
		if !slices.ContainsFunc(out, func(a *Attachment) bool { return a.Filename == name }) {
			errs.add(prefix+"embeds", "ATTACHMENT_NOT_FOUND", fmt.Sprintf("An embed shows attachment://%s but no file has that name.", name))
		}
	}
	return out
}

// newAttachmentLocked stores an uploaded file as an attachment, with the
// content type taken from the file name when the part only says
// application/octet-stream, and the size of images.
func (s *Server) newAttachmentLocked(file uploadedFile, ref attachmentRef) *Attachment {
	a := &Attachment{ID: s.ids.next(s.clock.Now()), Filename: file.filename, Description: ref.Description,
		Size: len(file.data), Data: slices.Clone(file.data)}
	if ref.Filename != "" {
		a.Filename = ref.Filename
	}
	a.ContentType = file.contentType
	if mediaType, _, err := mime.ParseMediaType(a.ContentType); err != nil || mediaType == "application/octet-stream" || mediaType == "" {
		a.ContentType = mime.TypeByExtension(path.Ext(a.Filename))
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(file.data)); err == nil {
		a.Width, a.Height = cfg.Width, cfg.Height
	}
	return a
}
