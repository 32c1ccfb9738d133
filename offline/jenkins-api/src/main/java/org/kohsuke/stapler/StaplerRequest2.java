package org.kohsuke.stapler;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/StaplerRequest2.java @
 * 27c54806 ('interface StaplerRequest2 extends HttpServletRequest', jakarta servlet 5 from Maven
 * Central; its own members are omitted until a step needs one).
 */
public interface StaplerRequest2 extends HttpServletRequest {
}
