package io.jenkins.plugins.zfsreplication.audit;

import java.nio.file.Path;

/**
 * Artifact paths as an audit record holds them: relative, {@code /}-separated, without {@code .}
 * or {@code ..} segments. A path from a record is resolved under a build's directory only after
 * this check, so a forged record cannot make the check read outside it.
 */
final class ArtifactPaths {
    private ArtifactPaths() {
    }

    static String check(String path) {
        if (path == null || path.isEmpty()) {
            throw new AuditException("an artifact path is empty");
        }
        if (path.startsWith("/") || path.endsWith("/") || path.contains("\\") || path.indexOf('\0') >= 0) {
            throw new AuditException("the artifact path '%s' is not a relative /-separated path", path);
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new AuditException("the artifact path '%s' has an empty, '.' or '..' segment", path);
            }
        }
        return path;
    }

    static Path resolve(Path root, String path) {
        return root.resolve(check(path).replace('/', root.getFileSystem().getSeparator().charAt(0)));
    }
}
