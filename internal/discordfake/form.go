package discordfake

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
)

// Upload limits of Discord for bots in guilds without boosts.
const (
	maxFileBytes     = 10 << 20
	maxFilesPerBody  = 10
	maxRequestBytes  = maxFilesPerBody*maxFileBytes + 1<<20
	payloadJSONField = "payload_json"
)

var filesFieldPattern = regexp.MustCompile(`^files\[([0-9]+)\]$`)

// uploadedFile is one files[n] part of a multipart body.
type uploadedFile struct {
	index       int
	filename    string
	contentType string
	data        []byte
}

// requestBody is a parsed request body: the JSON (the body itself, or the
// payload_json part) and the uploaded files.
type requestBody struct {
	json      []byte
	files     []uploadedFile
	multipart bool
}

// fileByIndex returns the files[n] part.
func (b requestBody) fileByIndex(n int) (uploadedFile, bool) {
	for _, f := range b.files {
		if f.index == n {
			return f, true
		}
	}
	return uploadedFile{}, false
}

// parseBody reads a JSON or multipart/form-data body the way Discord
// describes in "Uploading Files": a payload_json part and files[n] parts,
// each with a filename and a unique name. Problems with the form are added
// to errs as BadAttachmentForm (another content type as InvalidFormBody);
// an over-large file is answered with 413.
func parseBody(contentType string, body []byte, errs *formErrors) (requestBody, *APIError) {
	if len(body) == 0 {
		return requestBody{}, nil
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = ""
	}
	switch mediaType {
	case "application/json":
		return requestBody{json: body}, nil
	case "multipart/form-data":
		return parseMultipart(body, params["boundary"], errs)
	default:
		errs.kind = InvalidFormBody
		errs.add("", "CONTENT_TYPE_INVALID", fmt.Sprintf("Content type %q is neither application/json nor multipart/form-data.", contentType))
		return requestBody{}, nil
	}
}

func parseMultipart(body []byte, boundary string, errs *formErrors) (requestBody, *APIError) {
	errs.kind = BadAttachmentForm
	out := requestBody{multipart: true}
	if boundary == "" {
		errs.add("", "MULTIPART_BOUNDARY_MISSING", "multipart/form-data without a boundary.")
		return out, nil
	}
	reader := multipart.NewReader(bytes.NewReader(body), boundary)
	seen := map[string]bool{}
	for {
		part, err := reader.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errs.add("", "MULTIPART_MALFORMED", "The multipart body does not parse: "+err.Error())
			return out, nil
		}
		name := part.FormName()
		data, err := io.ReadAll(io.LimitReader(part, maxFileBytes+1))
		if err != nil {
			errs.add("", "MULTIPART_MALFORMED", "A part does not read: "+err.Error())
			return out, nil
		}
		if seen[name] {
			errs.add(name, "DUPLICATE_FIELD", fmt.Sprintf("The form field %q appears twice; names must be unique.", name))
			continue
		}
		seen[name] = true
		if name == payloadJSONField {
			out.json = data
			continue
		}
		m := filesFieldPattern.FindStringSubmatch(name)
		if m == nil {
			errs.add(name, "UNKNOWN_FIELD", fmt.Sprintf("Unexpected form field %q: files must be named files[n] and the JSON must be payload_json.", name))
			continue
		}
		if len(data) > maxFileBytes {
			return out, apiErr(http.StatusRequestEntityTooLarge, CodeEntityTooLarge, "Request entity too large")
		}
		index, err := strconv.Atoi(m[1])
		if err != nil {
			errs.add(name, "UNKNOWN_FIELD", "The files[n] index is not a number.")
			continue
		}
		if part.FileName() == "" {
			errs.add(name, "FILE_NAME_REQUIRED", fmt.Sprintf("%s has no filename in its Content-Disposition.", name))
			continue
		}
		out.files = append(out.files, uploadedFile{index: index, filename: part.FileName(),
			contentType: part.Header.Get("Content-Type"), data: data})
	}
	if len(out.files) > maxFilesPerBody {
		errs.add("", "TOO_MANY_FILES", fmt.Sprintf("%d files; at most %d may be sent.", len(out.files), maxFilesPerBody))
	}
	return out, nil
}
