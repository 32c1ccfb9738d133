package hudson.util;

import java.io.IOException;
import org.kohsuke.stapler.HttpResponse;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/FormValidation.java ('abstract
 * class FormValidation extends IOException implements HttpResponse', nested enum Kind, public
 * final field kind, private constructors; static factories as in the same file,
 * validateIntegerInRange, at tag jenkins-2.541.3).
 */
public abstract class FormValidation extends IOException implements HttpResponse {
    public enum Kind {
        OK,
        WARNING,
        ERROR
    }

    public final Kind kind;

    private FormValidation(Kind kind) {
        this.kind = kind;
    }

    public abstract String renderHtml();

    public static FormValidation ok() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation ok(String message) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation ok(String format, Object... args) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation warning(String message) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation warning(String format, Object... args) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation error(String message) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation error(String format, Object... args) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation error(Throwable e, String message) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation validateRequired(String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation validatePositiveInteger(String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation validateNonNegativeInteger(String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static FormValidation validateIntegerInRange(String value, int lower, int upper) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
