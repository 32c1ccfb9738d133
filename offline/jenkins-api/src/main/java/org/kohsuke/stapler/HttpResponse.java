package org.kohsuke.stapler;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/HttpResponse.java @
 * 9451bc1a (generateResponse(...) omitted: Stapler, not the plugin, calls it).
 */
public interface HttpResponse {
}
