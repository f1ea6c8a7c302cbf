/** Shapes shared by the page copy files (*-content.ts). */
export type Img = { src: string; alt: string; width: number; height: number };
export type Point = { title: string; text: string };
