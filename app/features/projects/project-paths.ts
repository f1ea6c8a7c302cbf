// A project's and a county's page addresses, on their own: the gallery's grid (on / and /gallery)
// needs only these, not the lists of services and areas in project-facts.ts.
export const projectPath = (slug: string) => `/projects/${slug}`;
export const areaPath = (area: string) => `/areas/${area}`;
