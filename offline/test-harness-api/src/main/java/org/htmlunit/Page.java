package org.htmlunit;

import java.io.Serializable;

/**
 * Stand-in (compile only): HtmlUnit {@code Page} (5.0.0: 'public interface Page extends
 * Serializable'), the return type of JenkinsRule.WebClient.goTo(String, String) and getPage.
 */
public interface Page extends Serializable {
}
