package org.htmlunit;

/** Stand-in (compile only): HtmlUnit {@code HttpMethod} (5.0.0: 'public enum HttpMethod'), the constant the ITests use. */
public enum HttpMethod {
    POST
}
