package hudson.model;

import hudson.util.XStream2;

/**
 * Compile-only stand-in (see offline/README.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Items.java ('public class
 * Items'; {@code public static final XStream2 XSTREAM2 = (XStream2) XSTREAM}, the stream of job
 * configuration files). Only XSTREAM2 is declared, null here: nothing offline loads a job.
 */
public class Items {
    public static final XStream2 XSTREAM2 = null;
}
