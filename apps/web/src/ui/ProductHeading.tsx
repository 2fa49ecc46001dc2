/** A product's logo and name, the way loan screens introduce it. */
export function ProductHeading({ logo, name, level = 2 }: { logo: string; name: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="product-heading">
      {logo && <img className="product-heading__logo" src={logo} alt="" width={40} height={40} />}
      <Heading className="product-heading__name">{name}</Heading>
    </div>
  );
}
