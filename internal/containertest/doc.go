// Package containertest builds deploy/Dockerfile and runs the image, with
// podman (always) and with Docker (when TAKBOT_DOCKER_HOST names a running
// engine, as .ci/run arranges), on a machine that reaches no container
// registry.
//
// The Dockerfile's two base images are build arguments (GO_IMAGE and
// STATIC_IMAGE) defaulting to the digest-pinned upstream images. The test
// builds local stand-ins for them with buildah from scratch, and passes
// them with --build-arg:
//
//   - the build stand-in holds this machine's Go toolchain (GOROOT, at
//     /usr/local/go as in the golang image), a module cache filled from
//     this machine's (GOPROXY=off inside: the build is offline), git for
//     the VCS stamp, and a shell and mkdir for the RUN steps, each binary
//     with the shared libraries ldd names;
//   - the static stand-in holds what distroless/static-debian12:nonroot
//     holds: /etc/passwd and /etc/group with root, nobody and nonroot
//     (65532), the CA certificates, tzdata and a /tmp, and runs as 65532.
//
// The build context is a clone of the repository at HEAD with the working
// tree's files copied over it (a git worktree's .git is a file pointing
// outside the context, which no build could read), so the image is stamped
// with HEAD's commit, "+modified" when the tree has changes.
//
// The container then runs with the port mapping of README's example (its
// host ports replaced by ports chosen at run time), and the test checks
// what an operator relies on: the process runs as uid 65532, `takbot
// version` names the commit, /livez and /metrics answer on the host's
// loopback, /metrics is not reachable on the host's other addresses while
// the spectators' pages are, the HEALTHCHECK passes, a backup taken with
// README's recipe is a sound database (`takbot db check` in the image) and
// README's restore puts it back in the volume and takbot starts on it, a
// secret file only root may read fails `serve -check` with exit 78 and one
// owned by 65532 passes, and SIGTERM stops the container with exit 0.
//
// The test needs root (rootful podman, as in CI), podman, buildah and runc
// (Debian's packages; .ci/run installs them); without them it fails, it
// never skips. Podman runs with a configuration of the test's own
// (CONTAINERS_CONF): the OCI runtime runc, as crun refuses the cgroup
// v1/v2 hybrid of some CI machines, and open-file and process limits below
// the test process's own hard limits, as podman's defaults (1048576) exceed
// what a process without CAP_SYS_RESOURCE may set. Images, containers and
// volumes it makes carry a random suffix and are removed at the end.
//
// The build and run test (TestContainer) takes minutes, so it is behind the
// build tag container, in a line of README's test commands of its own:
//
//	go test -tags container -timeout 20m ./internal/containertest/
//
// Without the tag only TestDockerfilePins runs: the bases named in full and
// pinned by digest, the Go image's tag the release go.mod asks for.
package containertest
