package org.htmlunit;

import java.io.Serializable;
import java.net.URL;

/**
 * Stand-in (compile only): HtmlUnit {@code WebRequest} (5.0.0: 'public class WebRequest implements
 * Serializable'), the constructor the ITests use.
 */
public class WebRequest implements Serializable {
    public WebRequest(final URL url, final HttpMethod submitMethod) {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
